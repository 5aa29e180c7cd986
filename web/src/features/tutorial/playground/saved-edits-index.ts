/**
 * Whether a demo has saved edits, for the lesson page to open its editor by
 * itself. Kept apart from saved-edits.ts so the lesson's chunk stays small:
 * it must not pull in the editor's code.
 */
import { browserStorage } from './browser-storage';

export const EDITS_PREFIX = 'tutorial-edits:v1:';

export function hasSavedEdits(key: string): boolean {
  return (browserStorage()?.getItem(EDITS_PREFIX + key) ?? null) !== null;
}
