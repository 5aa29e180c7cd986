import { tutorialPaths } from '../../shared/paths/tutorial';
import { TutorialPage } from './tutorial-page';

/**
 * The tutorial's entries for the app's route table. They share one component,
 * so the layout stays mounted while a reader moves between lessons. They carry
 * no page meta: the layout sets each lesson's, and the prerender step takes it
 * from the table of contents (entry-server.tsx), which pages outside the
 * tutorial need not download.
 */
export const tutorialRoutes = tutorialPaths.map((path) => ({ path, Component: TutorialPage }));
