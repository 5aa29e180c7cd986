import type { TutorialEntry } from '../tutorial-data';

/**
 * Each lesson's challenges: folders under `challenges/<lesson>/`, shown by the
 * lesson's <Challenge>s (a unit test keeps the three in step). A lesson with
 * challenges is done when they all pass; one without, when the student marks it
 * done. Kept out of tutorial-data.ts, which every page's script holds.
 */
const LESSON_CHALLENGES: Readonly<Record<string, readonly string[]>> = {
  component: ['timetable'],
  props: ['notice-board', 'student-cards'],
  forms: ['question-box'],
  memo: ['skip-renders', 'stable-props'],
  styles: ['progress-bars', 'seat-badges'],
  'web-hooks': ['nickname'],
  'hooks-intro': ['subject-votes'],
  'use-state': ['click-counter'],
  'use-effect': ['inbox-title', 'key-counter'],
  'use-context': ['theme-switch'],
  'use-ref': ['clear-search', 'stop-the-timer'],
  'use-reducer': ['shopping-list', 'volume-control'],
  'use-memo': ['course-search', 'ticket-total'],
  'use-callback': ['vote-buttons'],
  'custom-hook': ['debounced-search', 'use-toggle'],
};

/** The ids of a lesson's challenges (`<lesson>/<name>`), as its <Challenge>s and the saved passes name them. */
export function challengeIds(lesson: TutorialEntry): string[] {
  return (LESSON_CHALLENGES[lesson.lesson] ?? []).map((name) => `${lesson.lesson}/${name}`);
}
