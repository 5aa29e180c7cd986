/**
 * The timers the student's code starts, kept so that the next run can stop them.
 *
 * Each run evaluates the student's modules again in the same sandbox document.
 * A component's effects are cleaned up when the result is unmounted, but a
 * timer started at a module's top level is not: a `setInterval` the student has
 * since deleted would go on logging to the console, or posting to the page, for
 * as long as the page is open. `track()` puts counting versions of the window's
 * timer functions in place (before lockdown.ts makes them read-only); `stopAll()`
 * clears what the code has left running.
 *
 * The runtime's own waits (the loop guard, the console's batches, the check
 * tools) use `runtimeTimers`, taken before `track()`, so they are never
 * stopped. React took the real functions as it loaded, before `track()` ran.
 */

const realSetTimeout = window.setTimeout.bind(window);
const realClearTimeout = window.clearTimeout.bind(window);
const realSetInterval = window.setInterval.bind(window);
const realClearInterval = window.clearInterval.bind(window);
const realRequestFrame = window.requestAnimationFrame.bind(window);
const realCancelFrame = window.cancelAnimationFrame.bind(window);

/** The window's timers as they were before the student's could be counted: for the runtime's own waits. */
export const runtimeTimers = { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } as const;

const timeouts = new Set<number>();
const intervals = new Set<number>();
const frames = new Set<number>();

/** A handler that forgets its timer once it has run: a timeout that has fired needs no stopping. */
function forgetting(handler: TimerHandler, set: Set<number>, id: () => number): TimerHandler {
  if (typeof handler !== 'function') return handler;
  return function (this: unknown, ...args: unknown[]) {
    set.delete(id());
    return (handler as (...values: unknown[]) => unknown).apply(this, args);
  };
}

/** Puts counting timer functions on the window. Call once, before the student's code runs. */
export function track() {
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    const id: number = realSetTimeout(forgetting(handler, timeouts, () => id), timeout, ...args);
    timeouts.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.setInterval = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    const id = realSetInterval(handler, timeout, ...args);
    intervals.add(id);
    return id;
  }) as typeof window.setInterval;
  // The two clear functions share one list of ids in browsers: either clears either kind.
  const clear = (id?: number) => {
    if (id === undefined) return;
    timeouts.delete(id);
    intervals.delete(id);
    realClearTimeout(id);
  };
  window.clearTimeout = clear as typeof window.clearTimeout;
  window.clearInterval = clear as typeof window.clearInterval;
  window.requestAnimationFrame = (callback: FrameRequestCallback) => {
    const id: number = realRequestFrame(forgetting(callback, frames, () => id) as FrameRequestCallback);
    frames.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id: number) => {
    frames.delete(id);
    realCancelFrame(id);
  };
}

/** Stops every timer the student's code has started and not cleared. */
export function stopAll() {
  for (const id of timeouts) realClearTimeout(id);
  for (const id of intervals) realClearInterval(id);
  for (const id of frames) realCancelFrame(id);
  timeouts.clear();
  intervals.clear();
  frames.clear();
}

/** How many timers of the student's code are waiting: for tests. */
export function waiting(): number {
  return timeouts.size + intervals.size + frames.size;
}
