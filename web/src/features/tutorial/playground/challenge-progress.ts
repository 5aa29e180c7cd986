/**
 * Which challenges this browser has seen passed, with the code that passed.
 * A challenge that passed once stays passed.
 */
import { browserStorage } from './browser-storage';

const PREFIX = 'tutorial-challenge-passed:v1:';
/** Fired on window when a challenge passes, for the lesson to show it at once. */
export const PASSED_EVENT = 'tutorial-challenge-passed';

export interface PassedChallenge {
  readonly passedAt: number;
  /** The passing code, by file name. */
  readonly files: Readonly<Record<string, string>>;
}

export function markPassed(id: string, files: ReadonlyArray<{ readonly name: string; readonly code: string }>) {
  try {
    const record: PassedChallenge = { passedAt: Date.now(), files: Object.fromEntries(files.map((file) => [file.name, file.code])) };
    browserStorage()?.setItem(PREFIX + id, JSON.stringify(record));
  } catch {
    // Storage full: the pass is not remembered.
  }
  window.dispatchEvent(new CustomEvent(PASSED_EVENT, { detail: id }));
}

/** Calls `onChange` whenever a challenge passes; returns the unsubscribe function. */
export function subscribeToPasses(onChange: () => void): () => void {
  window.addEventListener(PASSED_EVENT, onChange);
  return () => window.removeEventListener(PASSED_EVENT, onChange);
}

export function hasPassed(id: string): boolean {
  return (browserStorage()?.getItem(PREFIX + id) ?? null) !== null;
}
