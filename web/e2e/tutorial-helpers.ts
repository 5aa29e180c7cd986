import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { waitForApp } from './fixtures';

/** Every tutorial route and the heading its lesson shows. */
export const TUTORIAL_PAGES: ReadonlyArray<readonly [path: string, heading: string]> = [
  ['/react', 'What is React?'],
  ['/react/intro', 'What is React?'],
  ['/react/install', 'Installing React'],
  ['/react/component', 'Components'],
  ['/react/props', 'Props'],
  ['/react/forms', 'Forms'],
  ['/react/memo', 'memo'],
  ['/react/styles', 'Styling with CSS'],
  ['/react/web-hooks', 'React Hooks'],
  ['/react/web-hooks/intro', 'Introduction to hooks'],
  ['/react/web-hooks/use-state', 'useState'],
  ['/react/web-hooks/use-effect', 'useEffect'],
  ['/react/web-hooks/use-context', 'useContext'],
  ['/react/web-hooks/use-ref', 'useRef'],
  ['/react/web-hooks/use-reducer', 'useReducer'],
  ['/react/web-hooks/use-memo', 'useMemo'],
  ['/react/web-hooks/use-callback', 'useCallback'],
  ['/react/web-hooks/custom-hook', 'Custom hooks'],
];

/** The base URL the fetch demo is built with (VITE_PLACEHOLDER_API_URL's default). */
export const PLACEHOLDER_SERVICE = 'https://jsonplaceholder.typicode.com';

/**
 * Waits until the lesson's own chunk has loaded and its part of the page is
 * hydrated, so that its demos respond to clicks and typing.
 */
export async function waitForLesson(page: Page) {
  await waitForApp(page);
  await page.waitForFunction(() => {
    const body = document.querySelector('.lesson .lead');
    return !!body && Object.keys(body).some((key) => key.startsWith('__reactFiber'));
  });
  // Demos are enabled in the render after hydration.
  await page.waitForFunction(() => !document.querySelector('.live-demo[disabled]'));
}

/** The box a demo runs in, by its name. */
export function liveDemo(page: Page, name: string) {
  return page.getByRole('group', { name: `Live demo: ${name}` });
}

export interface StandIn {
  readonly url: string;
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * A stand-in for the placeholder-data service on loopback, answering
 * `/users?_limit=N` with N made-up users, as the real service does.
 */
export async function startStandIn(): Promise<StandIn> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname !== '/users') {
      res.writeHead(404).end();
      return;
    }
    const limit = Number(url.searchParams.get('_limit') ?? 10);
    const users = Array.from({ length: limit }, (_, index) => ({
      id: index + 1,
      name: `Stand-in User ${index + 1}`,
      username: `user${index + 1}`,
      email: `user${index + 1}@example.test`,
    }));
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(users));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Sends the browser's requests for the placeholder-data service to the
 * stand-in. The real service cannot be reached from the machines these tests
 * run on (no internet), so the success path needs a local stand-in; the
 * browser still makes the request to the real service's URL, under the CSP.
 */
export async function routeServiceTo(page: Page, standIn: StandIn) {
  await page.route(`${PLACEHOLDER_SERVICE}/**`, async (route) => {
    const original = new URL(route.request().url());
    try {
      const response = await route.fetch({ url: `${standIn.url}${original.pathname}${original.search}` });
      await route.fulfill({ response });
    } catch (error) {
      // The page went on to another lesson while the stand-in answered (a test that walks
      // through every lesson): the browser dropped the request, and Playwright its response.
      // A request still wanted that goes unanswered fails the test that waits for its data.
      if (!/disposed|closed|Target page, context or browser has been closed/i.test(String(error))) throw error;
    }
  });
}

export async function expectHeading(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}
