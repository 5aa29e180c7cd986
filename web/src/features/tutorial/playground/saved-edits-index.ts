/**
 * Whether a demo has saved edits, for the lesson page to open its editor by
 * itself. Kept apart from saved-edits.ts so the lesson's chunk stays small:
 * it must not pull in the editor's code.
 */
export const EDITS_PREFIX = 'tutorial-edits:v1:';

export function hasSavedEdits(key: string): boolean {
  try {
    return window.localStorage.getItem(EDITS_PREFIX + key) !== null;
  } catch {
    return false;
  }
}
