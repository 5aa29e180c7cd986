import { findLesson, lessonMeta, tutorialPaths } from './tutorial-data';
import { TutorialPage } from './tutorial-page';

/**
 * The tutorial's entries for the app's route table. They share one component,
 * so the layout stays mounted while a reader moves between lessons.
 */
export const tutorialRoutes = tutorialPaths.map((path) => {
  const lesson = findLesson(path);
  if (!lesson) throw new Error(`no lesson for ${path}`);
  return { path, meta: lessonMeta(lesson), Component: TutorialPage };
});
