/**
 * Each lesson's path and the module that holds it, in reading order: all that
 * every page's script needs of the tutorial (the route table, and which
 * lesson chunk a tutorial page loads), and what other areas take from it (the
 * join page's link, the lessons' order in a teacher's table). Titles,
 * descriptions and the sidebar's tree are in features/tutorial/tutorial-data.ts,
 * which only the tutorial loads; a unit test keeps the two in step.
 */

export const TUTORIAL_ROOT = '/react';

const LESSONS: ReadonlyArray<readonly [path: string, module: string]> = [
  ['/react/intro', 'intro'],
  ['/react/install', 'install'],
  ['/react/component', 'component'],
  ['/react/props', 'props'],
  ['/react/forms', 'forms'],
  ['/react/memo', 'memo'],
  ['/react/styles', 'styles'],
  ['/react/web-hooks', 'web-hooks'],
  ['/react/web-hooks/intro', 'hooks-intro'],
  ['/react/web-hooks/use-state', 'use-state'],
  ['/react/web-hooks/use-effect', 'use-effect'],
  ['/react/web-hooks/use-context', 'use-context'],
  ['/react/web-hooks/use-ref', 'use-ref'],
  ['/react/web-hooks/use-reducer', 'use-reducer'],
  ['/react/web-hooks/use-memo', 'use-memo'],
  ['/react/web-hooks/use-callback', 'use-callback'],
  ['/react/web-hooks/custom-hook', 'custom-hook'],
];

/** Every tutorial route; the tutorial's root shows its first lesson. */
export const tutorialPaths: readonly string[] = [TUTORIAL_ROOT, ...LESSONS.map(([path]) => path)];

/** Every lesson module, in reading order. */
export const lessonModules: readonly string[] = LESSONS.map(([, module]) => module);

/** The module of the lesson shown at `path` (a normalised path), if any. */
export function lessonModuleAt(path: string): string | undefined {
  if (path === TUTORIAL_ROOT) return LESSONS[0]![1];
  return LESSONS.find(([lessonPath]) => lessonPath === path)?.[1];
}
