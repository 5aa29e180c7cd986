import type { ComponentType } from 'react';
import { college, type PageTitle } from '../content/college';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import {
  ACCOUNT_PATH,
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  SECOND_FACTOR_PATH,
  TWO_STEP_PATH,
  VERIFY_EMAIL_PATH,
} from '../shared/paths/account';
import { JOIN_CODE_SHELL, JOIN_PATH } from '../shared/paths/join';
import { COURSES_PATH, DISCLOSURE_PATH, GRIEVANCES_PATH, NOTICES_PATH, PEOPLE_PATH, SEARCH_PATH } from '../shared/paths/notices';
import { STAFF_PATH } from '../shared/paths/staff';
import { TEACH_PATH, TEACH_WAITING_SHELL } from '../shared/paths/teach';
import { tutorialRoutes } from '../features/tutorial/tutorial-routes';
import { normalizePath } from '../shared/lib/paths';
import { lazyPage } from './lazy-page';

export interface AppRoute {
  readonly path: string;
  /**
   * The title written into the page's prerendered HTML (its description is in
   * `pageDescriptions`). The tutorial's routes and the pages in `chunkPagesMeta`
   * (content/college.ts) have none here: see `routes` in entry-server.tsx.
   */
  readonly meta?: PageTitle;
  readonly Component: ComponentType;
  /**
   * Also matches every path below `path` (`/join/K7MXQ3PR`): pages whose data the
   * browser reads from the API, served by the server from this route's one
   * prerendered shell.
   */
  readonly withSubpaths?: boolean;
  /**
   * The shell the server serves the paths below `path` with, where `path`'s own page shows more
   * before its data than they can (/join's form for a code): prerendered like a route. Its last
   * segment starts with `_`, as the server's own documents do (benches and sitemaps skip it).
   */
  readonly subpathShell?: string;
  /**
   * The server renders this page with the office's latest text, into the template
   * `_templates/content.html`: it is not prerendered on its own.
   */
  readonly serverRendered?: boolean;
}

/**
 * The pages the server fills with the office's text (the notices, the courses, the disclosure, the people): one component,
 * so that the chunk preloaded for the template's own path (`/notices`) is the one every such
 * page hydrates with, and none flashes its fallback while its code loads (see lazy-page.tsx).
 */
const serverContentPage = lazyPage('server-content');

/** Every page the site has. Each is prerendered to its own HTML file. */
export const routes: readonly AppRoute[] = [
  { path: '/', meta: college.pages.home, Component: HomePage },
  { path: '/about', meta: college.pages.about, Component: lazyPage('about') },
  { path: '/contact', meta: college.pages.contact, Component: lazyPage('contact') },
  { path: '/contact/thanks', meta: college.pages.contactThanks, Component: lazyPage('thanks') },
  { path: '/login', Component: lazyPage('login') },
  { path: FORGOT_PASSWORD_PATH, Component: lazyPage('forgot-password') },
  { path: RESET_PASSWORD_PATH, Component: lazyPage('reset-password') },
  { path: SECOND_FACTOR_PATH, Component: lazyPage('second-factor') },
  { path: ACCOUNT_PATH, Component: lazyPage('account') },
  { path: VERIFY_EMAIL_PATH, Component: lazyPage('verify-email') },
  { path: TWO_STEP_PATH, Component: lazyPage('two-step') },
  { path: JOIN_PATH, meta: college.pages.join, Component: lazyPage('join'), withSubpaths: true, subpathShell: JOIN_CODE_SHELL },
  { path: TEACH_PATH, meta: college.pages.teach, Component: lazyPage('teach'), withSubpaths: true, subpathShell: TEACH_WAITING_SHELL },
  { path: STAFF_PATH, Component: lazyPage('staff'), withSubpaths: true },
  // Their titles and descriptions come from the server, with their text.
  ...[DISCLOSURE_PATH, NOTICES_PATH, COURSES_PATH, PEOPLE_PATH, GRIEVANCES_PATH].map((path) => ({
    path,
    Component: serverContentPage,
    withSubpaths: true,
    serverRendered: true,
  })),
  { path: SEARCH_PATH, Component: serverContentPage, serverRendered: true },
  ...tutorialRoutes,
];

/** A path that matches no route, used to render the 404 page (the server answers unknown addresses with it). */
export const NOT_FOUND_PATH = '/__not-found__';

/** Rendered for every path not listed above. */
export const notFoundRoute = { meta: college.pages.notFound, Component: NotFoundPage } as const;

/**
 * Matches like the server: exact and case-sensitive, a trailing slash aside;
 * a route `withSubpaths` also matches the paths below it.
 */
export function findRoute(path: string, table: readonly AppRoute[] = routes): AppRoute | undefined {
  const wanted = normalizePath(path);
  return table.find(
    (route) => route.path === wanted || (route.withSubpaths === true && wanted.startsWith(`${route.path}/`)),
  );
}

/** Where the prerendered HTML of a route goes in dist/: `/a/b` -> `a/b/index.html`. */
export function outputFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}
