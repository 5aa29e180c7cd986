// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markedSession, markRememberedSession, markSession, unmarkSession } from './session-mark';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the session mark', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 1));
  });
  afterEach(() => {
    unmarkSession();
    vi.useRealTimers();
  });

  it('names the signed-in account until the session ends', () => {
    expect(markedSession()).toBeNull();
    markSession('uid-1');
    expect(markedSession()).toBe('uid-1');
    unmarkSession();
    expect(markedSession()).toBeNull();
  });

  it('names whoever the server confirmed last', () => {
    markSession('uid-1');
    markSession('uid-2');
    expect(markedSession()).toBe('uid-2');
  });

  it('lasts, for a remembered session, as long as the session can: 7 days unused, 30 in all', () => {
    markRememberedSession('uid-1');
    vi.setSystemTime(Date.now() + 6 * DAY_MS);
    expect(markedSession()).toBe('uid-1');
    // Confirmed by the server every 6 days: alive until the 30th day, not after.
    for (let day = 6; day < 30; day += 6) {
      markSession('uid-1');
      vi.setSystemTime(Date.now() + 6 * DAY_MS);
    }
    expect(markedSession()).toBeNull();
  });

  it('ends a remembered session left unused for more than 7 days', () => {
    markRememberedSession('uid-1');
    vi.setSystemTime(Date.now() + 7 * DAY_MS + 1000);
    expect(markedSession()).toBeNull();
  });
});

describe("the student's work at page start", () => {
  beforeEach(() => {
    localStorage.clear();
    unmarkSession();
    vi.resetModules();
  });

  const start = () => import('./student-data');
  const tutorialKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('tutorial-'));

  it("is forgotten when the mark of its owner's session is gone", async () => {
    localStorage.setItem('tutorial-owner:v1', 'uid-1');
    localStorage.setItem('tutorial-challenge-passed:v1:use-state/click-counter', '{"passedAt":1,"files":{}}');
    localStorage.setItem('unrelated', 'kept');
    await start();
    expect(tutorialKeys()).toEqual([]);
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('is forgotten when the mark names someone else', async () => {
    markSession('uid-2');
    localStorage.setItem('tutorial-owner:v1', 'uid-1');
    await start();
    expect(tutorialKeys()).toEqual([]);
  });

  it('stays while its owner is still signed in here', async () => {
    markSession('uid-1');
    localStorage.setItem('tutorial-owner:v1', 'uid-1');
    localStorage.setItem('tutorial-edits:v1:demo', '{"lesson":"use-state","files":{}}');
    await start();
    expect(tutorialKeys().sort()).toEqual(['tutorial-edits:v1:demo', 'tutorial-owner:v1']);
  });

  it('stays when it is anonymous', async () => {
    localStorage.setItem('tutorial-edits:v1:demo', '{"lesson":"use-state","files":{}}');
    await start();
    expect(tutorialKeys()).toEqual(['tutorial-edits:v1:demo']);
  });
});
