import { browserStorage } from './browser-storage';
import { EDITS_PREFIX as PREFIX } from './saved-edits-index';
import { hash } from './transform';

/**
 * A student's edits to one demo (or challenge), kept in this browser's
 * storage so that they survive a reload. Each file remembers the original it
 * was edited from: when a lesson's code changes, an old edit is not silently
 * run against the new code.
 */
export interface SavedFile {
  readonly code: string;
  /** Hash of the original code this edit started from. */
  readonly base: string;
}

export interface SavedEdits {
  /** By file name. */
  readonly files: Readonly<Record<string, SavedFile>>;
  /** When the student last changed something (ms since the epoch). */
  readonly savedAt: number;
}

export const originalHash = (code: string) => hash(code).toString(36);

export function readEdits(key: string): SavedEdits | undefined {
  const text = browserStorage()?.getItem(PREFIX + key);
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<SavedEdits>;
    if (typeof value !== 'object' || value === null || typeof value.files !== 'object' || value.files === null) return undefined;
    const files: Record<string, SavedFile> = {};
    for (const [name, file] of Object.entries(value.files)) {
      if (typeof file?.code === 'string' && typeof file.base === 'string') files[name] = { code: file.code, base: file.base };
    }
    return { files, savedAt: typeof value.savedAt === 'number' ? value.savedAt : 0 };
  } catch {
    return undefined;
  }
}

/** Saves the edits; false when the browser would not store them (full, or switched off). */
export function writeEdits(key: string, edits: SavedEdits): boolean {
  const storage = browserStorage();
  if (!storage) return false;
  try {
    storage.setItem(PREFIX + key, JSON.stringify(edits));
    return true;
  } catch {
    return false;
  }
}

export function forgetEdits(key: string) {
  browserStorage()?.removeItem(PREFIX + key);
}
