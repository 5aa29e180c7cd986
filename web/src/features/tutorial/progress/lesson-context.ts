import { createContext, useContext } from 'react';
import type * as progressSync from './progress-sync';

export interface LessonSetting {
  /** The module name of the lesson on screen, which the student's saved edits are filed under. */
  readonly lesson: string;
  /**
   * The code that keeps the student's work. The layout hands it down rather
   * than the editor importing it: the editor is a chunk of its own, and code
   * shared by two chunks would be split into further small chunks that every
   * page's script has to list.
   */
  readonly progress: typeof progressSync;
}

export const LessonContext = createContext<LessonSetting | null>(null);

/** The lesson's setting; only inside the tutorial's layout. */
export function useLessonSetting(): LessonSetting {
  const setting = useContext(LessonContext);
  if (!setting) throw new Error('useLessonSetting: outside the tutorial layout');
  return setting;
}
