/**
 * The title of each of the tutorial's challenges, as its lesson's <Challenge>
 * shows it, for a teacher's view of a student's passes. The lessons hold the
 * titles in their JSX, out of reach of other pages' code; a unit test keeps
 * this list in step with them (challenge-titles.test.ts).
 */
import { challengeIds } from '../tutorial/progress/lesson-challenges';
import { tutorialLessons } from '../tutorial/tutorial-data';

export const CHALLENGE_TITLES: Readonly<Record<string, string>> = {
  'component/timetable': 'List the lectures',
  'props/student-cards': 'One card, three students',
  'props/notice-board': 'Show the children',
  'forms/question-box': 'Ask a question',
  'memo/skip-renders': 'Skip needless renders',
  'memo/stable-props': 'memo that never skips',
  'styles/progress-bars': 'Fill the progress bars',
  'styles/seat-badges': 'Mark the full courses',
  'web-hooks/nickname': 'Tick the box without a crash',
  'hooks-intro/subject-votes': 'Vote for a subject',
  'use-state/click-counter': 'Count the clicks',
  'use-effect/inbox-title': 'Unread messages in the title',
  'use-effect/key-counter': 'Stop counting when asked',
  'use-context/theme-switch': 'One theme for the whole page',
  'use-ref/clear-search': 'Clear and type again',
  'use-ref/stop-the-timer': 'Make Stop stop',
  'use-reducer/volume-control': 'Finish the volume reducer',
  'use-reducer/shopping-list': 'Remove without changing the old list',
  'use-memo/course-search': 'Search only when the search changes',
  'use-memo/ticket-total': 'Fix the stale total',
  'use-callback/vote-buttons': 'Stop the extra renders',
  'custom-hook/use-toggle': 'Write useToggle',
  'custom-hook/debounced-search': 'Wait until the typing stops',
};

/** Every challenge of the tutorial, in reading order. */
export const allChallenges: readonly string[] = tutorialLessons.flatMap(challengeIds);

/** A challenge's title and the heading of its lesson; an id the tutorial no longer has is shown as it is. */
export function describeChallenge(id: string): { readonly title: string; readonly lesson: string | null } {
  const lessonId = id.split('/')[0];
  const lesson = tutorialLessons.find((entry) => entry.lesson === lessonId);
  return { title: CHALLENGE_TITLES[id] ?? id, lesson: lesson?.heading ?? null };
}
