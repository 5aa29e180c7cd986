/**
 * Which challenges this browser has seen passed, with the code that passed.
 * A challenge that passed once stays passed.
 */
const PREFIX = 'tutorial-challenge-passed:v1:';

export interface PassedChallenge {
  readonly passedAt: number;
  /** The passing code, by file name. */
  readonly files: Readonly<Record<string, string>>;
}

export function markPassed(id: string, files: ReadonlyArray<{ readonly name: string; readonly code: string }>) {
  try {
    const record: PassedChallenge = { passedAt: Date.now(), files: Object.fromEntries(files.map((file) => [file.name, file.code])) };
    window.localStorage.setItem(PREFIX + id, JSON.stringify(record));
  } catch {
    // Storage switched off or full: the pass shows until the page is left.
  }
}

export function hasPassed(id: string): boolean {
  try {
    return window.localStorage.getItem(PREFIX + id) !== null;
  } catch {
    return false;
  }
}
