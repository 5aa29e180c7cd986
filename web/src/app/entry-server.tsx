import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { pageModules, pageTableModule } from 'virtual:page-chunks';
import { layoutModule, lessonModules, tutorialTableModule } from 'virtual:tutorial-chunks';
import { TEMPLATE_STATE } from '../features/contact/contact-state';
import { COURSES_PATH, DISCLOSURE_PATH, NOTICES_PATH, PEOPLE_PATH } from '../shared/paths/notices';
import { tutorialPaths } from '../shared/paths/tutorial';
import { chunkPagesMeta, college, pageDescriptions, type PageMeta, type PageTitle } from '../content/college';
import { challengeIds } from '../features/tutorial/progress/lesson-challenges';
import { findLesson, lessonMeta, tutorialLessons } from '../features/tutorial/tutorial-data';
import { App } from './app';
import { isLazyPage } from './lazy-page';
import { findRoute, notFoundRoute, routes as appRoutes } from './routes';

export { outputFile } from './routes';

function described(meta: PageTitle, key: string): PageMeta {
  const description = pageDescriptions[key];
  if (description === undefined) throw new Error(`no description for ${key} in pageDescriptions`);
  return { ...meta, description };
}

/** The title and description of the page unknown addresses get. */
export const notFoundMeta: PageMeta = described(notFoundRoute.meta, '404');

/**
 * Every route with the meta of its prerendered HTML; a lesson's comes from the
 * tutorial's table of contents, a page chunk's may come from `chunkPagesMeta`.
 */
export const routes: ReadonlyArray<{ readonly path: string; readonly meta: PageMeta }> = appRoutes
  .filter((route) => !route.serverRendered)
  .flatMap(({ path, meta, Component, subpathShell }) => {
    const pageMeta = metaOf(path, meta, Component);
    // The shell of the paths below, with the page's own title and description.
    return [{ path, meta: pageMeta }, ...(subpathShell ? [{ path: subpathShell, meta: pageMeta }] : [])];
  });

function metaOf(path: string, meta: PageTitle | undefined, Component: ComponentType): PageMeta {
  if (meta) return described(meta, path);
  const chunkMeta = isLazyPage(Component) ? chunkPagesMeta[Component.pageChunk] : undefined;
  if (chunkMeta) return chunkMeta;
  const lesson = findLesson(path);
  if (!lesson) throw new Error(`no page meta for ${path}`);
  return lessonMeta(lesson);
}
export { documentTitle } from '../shared/lib/page-title';

/**
 * The tutorial's lessons in reading order, as a teacher's class table and its CSV name them,
 * with the challenges that make a lesson done (the server counts it as the tutorial does).
 */
export const lessonTitles: ReadonlyArray<{ readonly lesson: string; readonly title: string; readonly challenges: readonly string[] }> =
  tutorialLessons.map((entry) => ({ lesson: entry.lesson, title: entry.heading, challenges: challengeIds(entry) }));

/** The file names a pass of each challenge holds: the server takes a pass only with its code, under these. */
export { challengePassFiles } from '../features/tutorial/challenges/challenge-files';

/**
 * The pages a search engine should list (the server's /sitemap.xml adds each notice and
 * course): the college's pages, the notices, the courses, the disclosure and every lesson; not
 * sign-in, account or staff pages.
 */
export const sitemapPaths: readonly string[] = ['/', '/about', '/contact', NOTICES_PATH, COURSES_PATH, DISCLOSURE_PATH, PEOPLE_PATH, ...tutorialPaths];

export { NOT_FOUND_PATH } from './routes';

/** What the pages the office edits say in a fresh installation: the server's first revision of each. */
export { startingPageText } from '../content/starting-text';

/** The courses as a fresh installation starts them, and the college that gives them. */
export { startingCourseText } from '../content/courses';
export const collegeName: string = college.name;

/** Renders the app at `path` to HTML, for the build's prerender step. */
export function render(path: string): string {
  return renderToString(<App ssrPath={path} />);
}

/**
 * The shell of the pages the server renders (the notices): their title, description and main
 * HTML are slots it fills (content/render/template.rs).
 */
export const CONTENT_TEMPLATE_META: PageMeta = { title: '%%CONTENT_TITLE%%', description: '%%CONTENT_DESCRIPTION%%' };

export function renderContentTemplate(): string {
  return renderToString(<App ssrPath={NOTICES_PATH} />);
}

/** The contact page as the server's "invalid submission" template. */
export function renderContactTemplate(): string {
  return renderToString(<App ssrPath="/contact" pageState={{ contact: TEMPLATE_STATE }} />);
}

/**
 * The source modules whose chunks the page at `path` loads beyond the shared
 * bundle, as Vite's build manifest names them: the table of loaders the page's
 * own chunks are loaded through (scripts/chunk-table.ts), and those chunks. The
 * prerendered HTML preloads them, so the page's code arrives with the app rather
 * than after it.
 */
export function pageChunkModules(path: string): string[] {
  const lesson = findLesson(path);
  if (lesson) {
    const lessonModule = lessonModules[lesson.lesson];
    if (!lessonModule) throw new Error(`no lesson module named ${lesson.lesson}`);
    return [tutorialTableModule, layoutModule, lessonModule];
  }
  const page = findRoute(path)?.Component;
  if (!page || !isLazyPage(page)) return [];
  const pageModule = pageModules[page.pageChunk];
  if (!pageModule) throw new Error(`no page module named ${page.pageChunk}`);
  return [pageTableModule, pageModule];
}
