import { browserStorage, storedKeys } from '../../../shared/lib/browser-storage';
import type { OtherVersion } from './progress-api';

/**
 * A student's edits to one demo (or challenge), kept in this browser's
 * storage so that they survive a reload, and for a signed-in student mirrored
 * in their account. Each file remembers the original it was edited from: when
 * a lesson's code changes, an old edit is not silently run against the new code.
 *
 * Kept apart from the editor's code: the lesson (which only asks whether a
 * demo has edits) must not pull in the editor.
 */
export const EDITS_PREFIX = 'tutorial-edits:v1:';

export interface SavedFile {
  readonly code: string;
  /** Hash of the original code this edit started from. */
  readonly base: string;
  /** When the student last changed this file (ms since the epoch): across devices, the newer edit wins. */
  readonly editedAt: number;
  /** The student's version from elsewhere that lost a merge, until they dismiss it. */
  readonly other?: OtherVersion;
}

export interface SavedEdits {
  /** The lesson module the demo belongs to, for the account's per-lesson reads. */
  readonly lesson: string;
  /** By file name. */
  readonly files: Readonly<Record<string, SavedFile>>;
}

export function hasSavedEdits(key: string): boolean {
  return (browserStorage()?.getItem(EDITS_PREFIX + key) ?? null) !== null;
}

const isOther = (value: unknown): value is OtherVersion =>
  typeof value === 'object' && value !== null && typeof (value as OtherVersion).code === 'string' && typeof (value as OtherVersion).editedAt === 'number';

export function readEdits(key: string): SavedEdits | undefined {
  const text = browserStorage()?.getItem(EDITS_PREFIX + key);
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<SavedEdits> & { savedAt?: number };
    if (typeof value !== 'object' || value === null || typeof value.files !== 'object' || value.files === null) return undefined;
    const files: Record<string, SavedFile> = {};
    for (const [name, file] of Object.entries(value.files)) {
      if (typeof file?.code !== 'string' || typeof file.base !== 'string') continue;
      // Edits saved before files had their own time take the record's.
      const editedAt = typeof file.editedAt === 'number' ? file.editedAt : (value.savedAt ?? 0);
      files[name] = { code: file.code, base: file.base, editedAt, ...(isOther(file.other) ? { other: file.other } : {}) };
    }
    return { lesson: typeof value.lesson === 'string' ? value.lesson : '', files };
  } catch {
    return undefined;
  }
}

/** Saves the edits (none: forgets them); false when the browser would not store them (full, or switched off). */
export function writeEdits(key: string, edits: SavedEdits): boolean {
  const storage = browserStorage();
  if (!storage) return false;
  try {
    if (Object.keys(edits.files).length === 0) storage.removeItem(EDITS_PREFIX + key);
    else storage.setItem(EDITS_PREFIX + key, JSON.stringify(edits));
    return true;
  } catch {
    return false;
  }
}

/**
 * Files a demo's edits under `lesson` when they were saved before edits were
 * filed by lesson, so that they can be merged into the account and read back
 * with their lesson.
 */
export function fileUnderLesson(key: string, lesson: string) {
  const edits = readEdits(key);
  if (edits && !edits.lesson && lesson) writeEdits(key, { ...edits, lesson });
}

/** The keys of every demo with saved edits in this browser. */
export function savedEditKeys(): string[] {
  return storedKeys(EDITS_PREFIX).map((key) => key.slice(EDITS_PREFIX.length));
}
