/** Lessons without challenges that the student marked done (or undid), kept in this browser. */
import { browserStorage } from '../../../shared/lib/browser-storage';
import type { LessonMarkBody } from './progress-api';

const KEY = 'tutorial-lessons-done:v1';

export type LessonMark = LessonMarkBody;

export function readMarks(): Record<string, LessonMark> {
  const text = browserStorage()?.getItem(KEY);
  if (!text) return {};
  try {
    const value = JSON.parse(text) as Record<string, Partial<LessonMark>>;
    const marks: Record<string, LessonMark> = {};
    for (const [lesson, mark] of Object.entries(value)) {
      if (typeof mark?.done === 'boolean' && typeof mark.changedAt === 'number') marks[lesson] = { done: mark.done, changedAt: mark.changedAt };
    }
    return marks;
  } catch {
    return {};
  }
}

export function storeMark(lesson: string, mark: LessonMark) {
  try {
    browserStorage()?.setItem(KEY, JSON.stringify({ ...readMarks(), [lesson]: mark }));
  } catch {
    // Storage full: the mark lasts as long as the page.
  }
}
