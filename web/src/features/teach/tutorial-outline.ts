/**
 * The tutorial as a teacher's pages name it: each lesson's heading, in
 * reading order (the table's columns), and each challenge's title, as its
 * lesson's <Challenge> shows it (a student's passes).
 *
 * A copy, kept in step with the tutorial by a unit test (tutorial-outline.test.ts):
 * the tutorial's own tables (tutorial-data.ts, progress/lesson-challenges.ts)
 * share a chunk with the lessons' code, and importing them here would split
 * that chunk, so that every lesson page would load one file more. The lessons'
 * order is the table every page holds already (shared/paths/tutorial.ts).
 */
import { lessonModules } from '../../shared/paths/tutorial';

const LESSON_HEADINGS: Readonly<Record<string, string>> = {
  intro: 'What is React?',
  install: 'Installing React',
  component: 'Components',
  props: 'Props',
  forms: 'Forms',
  memo: 'memo',
  styles: 'Styling with CSS',
  'web-hooks': 'React Hooks',
  'hooks-intro': 'Introduction to hooks',
  'use-state': 'useState',
  'use-effect': 'useEffect',
  'use-context': 'useContext',
  'use-ref': 'useRef',
  'use-reducer': 'useReducer',
  'use-memo': 'useMemo',
  'use-callback': 'useCallback',
  'custom-hook': 'Custom hooks',
};

/** Every challenge of the tutorial, in reading order, with its title. */
export const CHALLENGE_TITLES: Readonly<Record<string, string>> = {
  'component/timetable': 'List the lectures',
  'props/notice-board': 'Show the children',
  'props/student-cards': 'One card, three students',
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
  'use-reducer/shopping-list': 'Remove without changing the old list',
  'use-reducer/volume-control': 'Finish the volume reducer',
  'use-memo/course-search': 'Search only when the search changes',
  'use-memo/ticket-total': 'Fix the stale total',
  'use-callback/vote-buttons': 'Stop the extra renders',
  'custom-hook/debounced-search': 'Wait until the typing stops',
  'custom-hook/use-toggle': 'Write useToggle',
};

/** The tutorial's lessons in reading order: the ids the API names them by, and their headings. */
export const lessonColumns: ReadonlyArray<{ readonly id: string; readonly heading: string }> = lessonModules.map((id) => ({
  id,
  heading: LESSON_HEADINGS[id] ?? id,
}));

/** Every challenge of the tutorial, in reading order. */
export const allChallenges: readonly string[] = Object.keys(CHALLENGE_TITLES);

/** A challenge's title and its lesson's heading; an id the tutorial no longer has is shown as it is. */
export function describeChallenge(id: string): { readonly title: string; readonly lesson: string | null } {
  return { title: CHALLENGE_TITLES[id] ?? id, lesson: LESSON_HEADINGS[id.split('/')[0]!] ?? null };
}
