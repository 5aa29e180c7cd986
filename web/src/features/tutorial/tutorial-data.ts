import type { PageMeta } from '../../content/college';
import { TUTORIAL_ROOT } from '../../shared/paths/tutorial';

export { TUTORIAL_ROOT, tutorialPaths } from '../../shared/paths/tutorial';

/**
 * The React tutorial's table of contents: the sidebar, the routes, the
 * previous/next order and each lesson's page title all come from here.
 * To add a lesson, add an entry and a module `lessons/<lesson>.tsx`.
 */

export interface TutorialEntry {
  /** Label in the sidebar. */
  readonly title: string;
  readonly path: string;
  /** The lesson's h1 and document title. */
  readonly heading: string;
  readonly description: string;
  /** Module name under `lessons/`. */
  readonly lesson: string;
  readonly children?: readonly TutorialEntry[];
}

export const tutorialSidebar: readonly TutorialEntry[] = [
  {
    title: 'Intro',
    path: '/react/intro',
    heading: 'What is React?',
    description: 'What React is, what a component is, and how this tutorial works.',
    lesson: 'intro',
  },
  {
    title: 'Installation',
    path: '/react/install',
    heading: 'Installing React',
    description: 'Create a React project with Vite and Node.js, run it, and find your way around the files.',
    lesson: 'install',
  },
  {
    title: 'Components',
    path: '/react/component',
    heading: 'Components',
    description: 'Build a page out of small React function components that return JSX.',
    lesson: 'component',
  },
  {
    title: 'Props',
    path: '/react/props',
    heading: 'Props',
    description: 'Pass data into React components with props, using a course card as the example.',
    lesson: 'props',
  },
  {
    title: 'Forms',
    path: '/react/forms',
    heading: 'Forms',
    description: 'Controlled inputs in React: keep form values in state and handle a submit.',
    lesson: 'forms',
  },
  {
    title: 'Memo',
    path: '/react/memo',
    heading: 'memo',
    description: 'Skip re-rendering a child component when its props have not changed, with React memo.',
    lesson: 'memo',
  },
  {
    title: 'CSS Styles',
    path: '/react/styles',
    heading: 'Styling with CSS',
    description: 'Three ways to style React components: inline styles, CSS classes and CSS modules.',
    lesson: 'styles',
  },
  {
    title: 'Web Hooks',
    path: '/react/web-hooks',
    heading: 'React Hooks',
    description: 'An overview of the React hooks covered in this tutorial, with a link to each lesson.',
    lesson: 'web-hooks',
    children: [
      {
        title: 'Intro',
        path: '/react/web-hooks/intro',
        heading: 'Introduction to hooks',
        description: 'What React hooks are and the two rules every hook call must follow.',
        lesson: 'hooks-intro',
      },
      {
        title: 'useState',
        path: '/react/web-hooks/use-state',
        heading: 'useState',
        description: 'Give a component memory with useState: a counter, a shopping cart and a todo list.',
        lesson: 'use-state',
      },
      {
        title: 'useEffect',
        path: '/react/web-hooks/use-effect',
        heading: 'useEffect',
        description: 'Synchronise a component with something outside React, with cleanup and correct dependencies.',
        lesson: 'use-effect',
      },
      {
        title: 'useContext',
        path: '/react/web-hooks/use-context',
        heading: 'useContext',
        description: 'Share a value, such as the current user, with every component below a provider.',
        lesson: 'use-context',
      },
      {
        title: 'useRef',
        path: '/react/web-hooks/use-ref',
        heading: 'useRef',
        description: 'Reach a DOM element and keep values between renders without causing a render.',
        lesson: 'use-ref',
      },
      {
        title: 'useReducer',
        path: '/react/web-hooks/use-reducer',
        heading: 'useReducer',
        description: 'Move state updates into a reducer function: a counter and a todo list.',
        lesson: 'use-reducer',
      },
      {
        title: 'useMemo',
        path: '/react/web-hooks/use-memo',
        heading: 'useMemo',
        description: 'Cache the result of an expensive calculation between renders with useMemo.',
        lesson: 'use-memo',
      },
      {
        title: 'useCallback',
        path: '/react/web-hooks/use-callback',
        heading: 'useCallback',
        description: 'Keep the same function between renders so a memoised child can skip rendering.',
        lesson: 'use-callback',
      },
      {
        title: 'Custom Hook',
        path: '/react/web-hooks/custom-hook',
        heading: 'Custom hooks',
        description: 'Write your own hook, useFetch, that loads data with loading, error, retry and abort.',
        lesson: 'custom-hook',
      },
    ],
  },
];

/** Every lesson in reading order: parents before their children. */
export const tutorialLessons: readonly TutorialEntry[] = tutorialSidebar.flatMap((entry) => [
  entry,
  ...(entry.children ?? []),
]);

const [firstLesson] = tutorialLessons;

/** The lesson shown at `path` (a normalised path), if any. */
export function findLesson(path: string): TutorialEntry | undefined {
  if (path === TUTORIAL_ROOT) return firstLesson;
  return tutorialLessons.find((entry) => entry.path === path);
}

/** The lessons before and after `lesson` in reading order. */
export function neighbours(lesson: TutorialEntry): { previous?: TutorialEntry; next?: TutorialEntry } {
  const index = tutorialLessons.indexOf(lesson);
  return { previous: tutorialLessons[index - 1], next: index < 0 ? undefined : tutorialLessons[index + 1] };
}

/** The document title and description of a lesson's page. */
export function lessonMeta(lesson: TutorialEntry): PageMeta {
  return { title: `${lesson.heading} (React tutorial)`, description: lesson.description };
}
