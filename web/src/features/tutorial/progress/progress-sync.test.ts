// @vitest-environment jsdom
// What the page keeps and queues as a student edits: the browser's copy, and the writes that
// go to the account. The sending itself is tested against the real server (e2e/progress.spec.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStudentData } from '../../../shared/lib/student-data';
import { hasPassed, storePass } from './challenge-passes';
import { progressApi } from './progress-api';
import { loadLessonProgress, markPassed, saveDemoEdits } from './progress-sync';
import { readEdits } from './saved-edits';

const DEMO = 'demos/counter/counter-demo.tsx';
const queued = () => JSON.parse(localStorage.getItem('tutorial-sync:v1') ?? '{}') as Record<string, { merge: boolean; write: Record<string, unknown> }>;

describe("saving a demo's edits", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: 1_000 });
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the edits in the browser, each file with the time it was last changed', () => {
    expect(saveDemoEdits(DEMO, 'use-state', [{ name: 'a.tsx', code: 'A1', base: 'h1' }])).toBe(true);
    vi.setSystemTime(2_000);
    saveDemoEdits(DEMO, 'use-state', [{ name: 'b.ts', code: 'B1', base: 'h2' }]);
    expect(readEdits(DEMO)).toEqual({
      lesson: 'use-state',
      files: { 'a.tsx': { code: 'A1', base: 'h1', editedAt: 1_000 }, 'b.ts': { code: 'B1', base: 'h2', editedAt: 2_000 } },
    });
  });

  it('leaves files it was not given as they are, so a newer version from elsewhere stays', () => {
    saveDemoEdits(DEMO, 'use-state', [{ name: 'a.tsx', code: 'A1', base: 'h1' }]);
    // Another tab (or the account) saved a newer a.tsx; this editor changed only b.ts.
    localStorage.setItem(
      'tutorial-edits:v1:' + DEMO,
      JSON.stringify({ lesson: 'use-state', files: { 'a.tsx': { code: 'A2', base: 'h1', editedAt: 5_000 } } }),
    );
    saveDemoEdits(DEMO, 'use-state', [{ name: 'b.ts', code: 'B1', base: 'h2' }]);
    expect(readEdits(DEMO)?.files['a.tsx']?.code).toBe('A2');
  });

  it('queues nothing for the account while signed out', () => {
    saveDemoEdits(DEMO, 'use-state', [{ name: 'a.tsx', code: 'A1', base: 'h1' }]);
    expect(queued()).toEqual({});
  });

  it('queues changed files, and a reset as a file without code, for a signed-in student', () => {
    localStorage.setItem('tutorial-owner:v1', 'uid-1');
    saveDemoEdits(DEMO, 'use-state', [
      { name: 'a.tsx', code: 'A1', base: 'h1' },
      { name: 'b.ts', code: 'B1', base: 'h2' },
    ]);
    vi.setSystemTime(3_000);
    saveDemoEdits(DEMO, 'use-state', [{ name: 'b.ts', code: null, base: 'h2' }]);
    expect(queued()[`file:${DEMO}\na.tsx`]?.write).toEqual({ lesson: 'use-state', demo: DEMO, file: 'a.tsx', code: 'A1', base: 'h1', editedAt: 1_000 });
    expect(queued()[`file:${DEMO}\nb.ts`]?.write).toEqual({ lesson: 'use-state', demo: DEMO, file: 'b.ts', code: null, base: 'h2', editedAt: 3_000, other: null });
    expect(readEdits(DEMO)?.files['b.ts']).toBeUndefined();
  });

  it('does not queue a file over 20 KB, which the account would refuse', () => {
    localStorage.setItem('tutorial-owner:v1', 'uid-1');
    saveDemoEdits(DEMO, 'use-state', [{ name: 'big.tsx', code: 'x'.repeat(20 * 1024 + 1), base: 'h' }]);
    expect(queued()).toEqual({});
    expect(readEdits(DEMO)?.files['big.tsx']?.code.length).toBe(20 * 1024 + 1);
  });

  it('forgets everything, queue included, when the student data is cleared', () => {
    localStorage.setItem('tutorial-owner:v1', 'uid-1');
    localStorage.setItem('unrelated', 'kept');
    saveDemoEdits(DEMO, 'use-state', [{ name: 'a.tsx', code: 'A1', base: 'h1' }]);
    clearStudentData();
    expect(Object.keys(localStorage)).toEqual(['unrelated']);
  });
});

describe('a passed challenge', () => {
  const CHALLENGE = 'use-state/click-counter';
  const OVER_THE_LIMIT = 'x'.repeat(20 * 1024 + 1);

  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: 1_000 });
    localStorage.setItem('tutorial-owner:v1', 'uid-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is queued for the account with the code that passed', () => {
    markPassed(CHALLENGE, [{ name: 'click-counter.tsx', code: 'solved' }]);
    expect(queued()[`pass:${CHALLENGE}`]?.write).toEqual({ challenge: CHALLENGE, passedAt: 1_000, files: { 'click-counter.tsx': 'solved' } });
  });

  it('is queued without a file over 20 KB, with the files the account can keep', () => {
    markPassed(CHALLENGE, [
      { name: 'click-counter.tsx', code: 'solved' },
      { name: 'big.ts', code: OVER_THE_LIMIT },
    ]);
    expect(queued()[`pass:${CHALLENGE}`]?.write).toEqual({ challenge: CHALLENGE, passedAt: 1_000, files: { 'click-counter.tsx': 'solved' } });
  });

  it('stays in this browser only when none of its code fits in the account', () => {
    markPassed(CHALLENGE, [{ name: 'click-counter.tsx', code: OVER_THE_LIMIT }]);
    expect(hasPassed(CHALLENGE)).toBe(true);
    expect(queued()).toEqual({});
  });

  it('learnt from the account, without its code, is never sent back to it', async () => {
    // This browser learnt the pass from the account; the account no longer has it.
    storePass(CHALLENGE, { passedAt: 500, files: {} });
    vi.spyOn(progressApi, 'read').mockResolvedValue({ lessons: {}, passes: {}, files: [] });
    const write = vi.spyOn(progressApi, 'write').mockResolvedValue({ files: [] });
    await loadLessonProgress('uid-1', 'use-state');
    expect(hasPassed(CHALLENGE)).toBe(true);
    expect(queued()).toEqual({});
    expect(write).not.toHaveBeenCalled();
  });
});
