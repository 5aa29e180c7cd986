/**
 * Where the student is in the tutorial. A lesson with challenges is done when
 * they all pass; one without, when the student marks it done. What is read
 * here is this browser's copy, which for a signed-in student mirrors the account.
 * Only reading: lessons use it, and must not pull in the code that talks to the server.
 */
import { useSyncExternalStore } from 'react';
import { tutorialLessons, type TutorialEntry } from '../tutorial-data';
import { challengeIds } from './lesson-challenges';
import { hasPassed } from './challenge-passes';
import { readMarks } from './lesson-marks';
import { subscribeToProgress } from './progress-events';

export function isLessonDone(lesson: TutorialEntry, marks = readMarks()): boolean {
  const challenges = challengeIds(lesson);
  return challenges.length > 0 ? challenges.every(hasPassed) : marks[lesson.lesson]?.done === true;
}

/** The lessons done, by module name; empty in the prerendered page, which is the same for everyone. */
export function useDoneLessons(): ReadonlySet<string> {
  const key = useSyncExternalStore(
    subscribeToProgress,
    () => {
      const marks = readMarks();
      return tutorialLessons
        .filter((lesson) => isLessonDone(lesson, marks))
        .map((lesson) => lesson.lesson)
        .join(' ');
    },
    () => '',
  );
  return new Set(key ? key.split(' ') : []);
}

/** Whether challenge `id` has passed here, updated as passes arrive. */
export function usePassed(id: string): boolean {
  return useSyncExternalStore(subscribeToProgress, () => hasPassed(id), () => false);
}
