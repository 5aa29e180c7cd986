/**
 * Which challenges this browser has seen passed, with the code that passed.
 * A challenge that passed once stays passed.
 */
import { browserStorage, storedKeys } from '../../../shared/lib/browser-storage';

const PREFIX = 'tutorial-challenge-passed:v1:';

export interface PassedChallenge {
  readonly passedAt: number;
  /** The passing code, by file name (empty for a pass this browser learnt from the account). */
  readonly files: Readonly<Record<string, string>>;
}

export function readPass(id: string): PassedChallenge | undefined {
  const text = browserStorage()?.getItem(PREFIX + id);
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<PassedChallenge>;
    return {
      passedAt: typeof value.passedAt === 'number' ? value.passedAt : 0,
      files: typeof value.files === 'object' && value.files !== null ? value.files : {},
    };
  } catch {
    return undefined;
  }
}

export function storePass(id: string, pass: PassedChallenge) {
  try {
    browserStorage()?.setItem(PREFIX + id, JSON.stringify(pass));
  } catch {
    // Storage full: the pass is not remembered in this browser.
  }
}

export function hasPassed(id: string): boolean {
  return (browserStorage()?.getItem(PREFIX + id) ?? null) !== null;
}

/** The ids of every challenge passed in this browser. */
export function passedIds(): string[] {
  return storedKeys(PREFIX).map((key) => key.slice(PREFIX.length));
}
