// The routes the build prerendered, for the benchmarks that visit every page.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A path no route matches: the 404 page. */
export const NOT_FOUND = '/this-page-does-not-exist';

/** Every prerendered route in dist/ (`a/b/index.html` is `/a/b`), and an unknown path. */
export function prerenderedRoutes() {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  try {
    const pages = readdirSync(dist, { recursive: true })
      .map(String)
      .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
      // _sandbox/, join/_code/ and the like are the server's own documents, not pages.
      .filter((file) => !file.split('/').some((segment) => segment.startsWith('_')))
      .map((file) => `/${file.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1'))
      .sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
    return [...pages, NOT_FOUND];
  } catch {
    return ['/', '/about', '/contact', '/contact/thanks', '/login', '/react', NOT_FOUND];
  }
}
