// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { runtimeTimers, stopAll, track, waiting } from './student-timers';

const pause = (ms: number) => new Promise<void>((resolve) => runtimeTimers.setTimeout(resolve, ms));

describe("the student's timers", () => {
  beforeAll(() => track());

  it('stops an interval the code left running, and a timeout not yet fired', async () => {
    let ticks = 0;
    let fired = false;
    window.setInterval(() => (ticks += 1), 5);
    window.setTimeout(() => (fired = true), 60);
    await pause(30);
    expect(ticks).toBeGreaterThan(0);
    expect(waiting()).toBe(2);

    stopAll();
    const ticksWhenStopped = ticks;
    await pause(80);
    expect(ticks).toBe(ticksWhenStopped);
    expect(fired).toBe(false);
    expect(waiting()).toBe(0);
  });

  it('forgets a timeout once it has fired, and one the code cleared itself', async () => {
    let fired = 0;
    window.setTimeout(() => (fired += 1), 1);
    const cleared = window.setTimeout(() => (fired += 10), 1);
    window.clearTimeout(cleared);
    const interval = window.setInterval(() => undefined, 1000);
    // Either clear function clears either kind, as in browsers.
    window.clearTimeout(interval);
    await pause(20);
    expect(fired).toBe(1);
    expect(waiting()).toBe(0);
  });

  it("leaves the runtime's own waits alone", async () => {
    let done = false;
    runtimeTimers.setTimeout(() => (done = true), 10);
    stopAll();
    await pause(30);
    expect(done).toBe(true);
  });

  it('hands a timeout its arguments and an animation frame its time', async () => {
    const seen: unknown[] = [];
    window.setTimeout((a: unknown, b: unknown) => seen.push(a, b), 0, 'first', 2);
    window.requestAnimationFrame((time) => seen.push(typeof time));
    await pause(50);
    expect(seen).toEqual(['first', 2, 'number']);
    expect(waiting()).toBe(0);
  });
});
