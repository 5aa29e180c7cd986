// Writes dist/sw.js, the service worker that keeps the tutorial working with no
// connection, after the prerender step (it lists the prerendered pages) and
// before compression. Workbox generates it: a precache of the public pages,
// every script and style (the editor's chunks and the sandbox's runtime among
// them), the sandbox document and the search index, each with a revision, so a
// deploy replaces exactly what changed. Nothing else is cached: no /api/ answer,
// no page for one person (/account, /teach, /join, /staff, /login), nothing
// fetched at run time. Home (with the latest notices), About and Contact, whose
// text the office edits, and the notices a visitor opens are asked of the network
// first, and so is what the search finds of them; the last copy seen answers only
// when the network does not. The lessons, which end with the footer the office
// edits, open from the last copy seen and are fetched again behind it, so a new
// footer shows at the next visit. See
// docs/decisions/0010-offline.md and 0013-notices-and-pages.md.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSW } from 'workbox-build';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

/** Pages (as `<route>/index.html`) a visitor may open offline: the same for everyone. */
export const PUBLIC_PAGES = ['index.html', 'about/index.html', 'contact/index.html', 'react/**/index.html'];

/**
 * The pages whose text the office publishes (Home also carries the latest notices), by their
 * prerendered file. Each is precached for when there is no network at an address of its own
 * (`/about?offline`, which the server answers with the page too), so that the precache, which
 * answers its addresses before the network, never answers `/about` with an older text.
 */
export const SERVER_PAGES = { 'index.html': '/', 'about/index.html': '/about', 'contact/index.html': '/contact' };

/** Where a page's copy for when there is no network is precached. */
export const offlineUrl = (route) => `${route}?offline`;

/**
 * The address the server answers a precached file at: a page's copy for when there is no
 * network (a page is asked of its own address at run time, see runtimeCaching), the file's own
 * path otherwise.
 */
export function precacheUrl(file) {
  if (file === '_sandbox/index.html') return '/sandbox';
  if (file in SERVER_PAGES) return offlineUrl(SERVER_PAGES[file]);
  if (file.endsWith('/index.html')) return offlineUrl(`/${file.slice(0, -'/index.html'.length)}`);
  return `/${file}`;
}

/**
 * A lesson never opened yet, with no network: its copy in the precache (`/react/props?offline`).
 * Written without a closure, like the routes' matchers: Workbox copies its text into sw.js.
 */
const lessonFromPrecache = {
  handlerDidError: async ({ request }) => {
    const wanted = new URL(request.url).pathname.replace(/(.)\/$/, '$1');
    for (const name of await globalThis.caches.keys()) {
      if (!name.includes('precache')) continue;
      const cache = await globalThis.caches.open(name);
      for (const key of await cache.keys()) {
        const url = new URL(key.url);
        if (url.pathname === wanted && url.searchParams.has('offline')) return cache.match(key);
      }
    }
    return undefined;
  },
  // The lessons' copies of an earlier release name its scripts, gone since: dropped once this
  // release keeps its first (see LESSONS_CACHE).
  cacheDidUpdate: async ({ cacheName }) => {
    for (const name of await globalThis.caches.keys()) {
      if (name.startsWith('lessons-') && name !== cacheName) await globalThis.caches.delete(name);
    }
  },
};

/**
 * The lessons' cache, one per release (named by its scripts and styles, whose names change with
 * their content): a lesson kept by an earlier release names scripts this one no longer has.
 */
const LESSONS_CACHE = `lessons-${createHash('sha256')
  .update((await readdir(join(distDir, 'assets'))).sort().join('\n'))
  .digest('hex')
  .slice(0, 12)}`;

/** A server page from the network first, its last answer kept, its precached copy before that. */
function networkFirstPage(route, cacheName) {
  return {
    handler: 'NetworkFirst',
    options: {
      cacheName,
      networkTimeoutSeconds: 4,
      matchOptions: { ignoreSearch: true },
      expiration: { maxEntries: 1 },
      precacheFallback: { fallbackURL: offlineUrl(route) },
    },
  };
}

let precached = [];
const { count, size, warnings } = await generateSW({
  globDirectory: distDir,
  globPatterns: [
    ...PUBLIC_PAGES,
    '_sandbox/index.html',
    'assets/**/*.{js,css}',
    'search-index.json',
    'manifest.webmanifest',
    '*.{svg,png}',
  ],
  globIgnores: ['**/*.br', '**/*.gz'],
  manifestTransforms: [
    async (entries) => {
      precached = entries.map((entry) => ({ file: entry.url, url: precacheUrl(entry.url) }));
      return { manifest: entries.map((entry) => ({ ...entry, url: precacheUrl(entry.url) })), warnings: [] };
    },
  ],
  // Vite's file names change with their content: the name is the revision.
  dontCacheBustURLsMatching: /^assets\//,
  swDest: join(distDir, 'sw.js'),
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: 'production',
  // A new version waits until the student chooses Reload ("A new version is ready"):
  // swapping scripts under an open lesson could break the editor mid-edit.
  skipWaiting: false,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // Only what is precached is answered by the worker, and the server's pages from the network
  // first, each one's last answer kept for when there is none (its precached copy before the
  // first); everything else goes to the network as usual. They are the same for everyone:
  // nothing personal is kept, and never an editor's preview (`?preview`).
  runtimeCaching: [
    // Written out per page: Workbox copies each function's text into sw.js, without what it
    // closes over.
    {
      urlPattern: ({ url, request }) =>
        request.mode === 'navigate' && url.pathname === '/' && !url.searchParams.has('preview'),
      ...networkFirstPage('/', 'home'),
    },
    {
      urlPattern: ({ url, request }) =>
        request.mode === 'navigate' && url.pathname === '/about' && !url.searchParams.has('preview'),
      ...networkFirstPage('/about', 'page-about'),
    },
    {
      urlPattern: ({ url, request }) =>
        request.mode === 'navigate' && url.pathname === '/contact' && !url.searchParams.has('preview'),
      ...networkFirstPage('/contact', 'page-contact'),
    },
    // The lessons: the last copy seen at once, fetched again behind it (a new footer shows at
    // the next visit); a lesson never opened from the network first, its precached copy
    // without one. They are the same for everyone.
    {
      urlPattern: ({ url, request }) =>
        request.mode === 'navigate' && (url.pathname === '/react' || url.pathname.startsWith('/react/')),
      handler: 'StaleWhileRevalidate',
      options: {
        cacheName: LESSONS_CACHE,
        matchOptions: { ignoreSearch: true },
        expiration: { maxEntries: 100 },
        plugins: [lessonFromPrecache],
      },
    },
    // What the search finds beside the lessons (the published notices and pages), likewise:
    // offline, the search finds what it found last.
    {
      urlPattern: ({ url }) => url.pathname === '/search/content.json',
      handler: 'NetworkFirst',
      options: { cacheName: 'search-content', networkTimeoutSeconds: 4, expiration: { maxEntries: 1 } },
    },
    // The notices a visitor opened, likewise: the latest from the network, the last seen
    // without one (never an editor's preview, which is no one else's).
    {
      urlPattern: ({ url, request }) =>
        request.mode === 'navigate' &&
        (url.pathname === '/notices' || url.pathname.startsWith('/notices/')) &&
        !url.pathname.startsWith('/notices/preview/'),
      handler: 'NetworkFirst',
      options: { cacheName: 'notices', networkTimeoutSeconds: 4, expiration: { maxEntries: 50 } },
    },
    // The courses a visitor opened, likewise (never an editor's `?preview`).
    {
      urlPattern: ({ url, request }) =>
        request.mode === 'navigate' &&
        (url.pathname === '/courses' || url.pathname.startsWith('/courses/')) &&
        url.search === '',
      handler: 'NetworkFirst',
      options: { cacheName: 'courses', networkTimeoutSeconds: 4, expiration: { maxEntries: 20 } },
    },
    // The faculty and staff directory and the profiles a visitor opened, likewise (never a
    // search, nor an editor's `?preview`).
    {
      urlPattern: ({ url, request }) =>
        request.mode === 'navigate' &&
        (url.pathname === '/people' || url.pathname.startsWith('/people/')) &&
        url.search === '',
      handler: 'NetworkFirst',
      options: { cacheName: 'people', networkTimeoutSeconds: 4, expiration: { maxEntries: 20 } },
    },
    // The mandatory disclosure, likewise.
    {
      urlPattern: ({ url, request }) =>
        request.mode === 'navigate' && (url.pathname === '/disclosure' || url.pathname === '/disclosure/') && url.search === '',
      handler: 'NetworkFirst',
      options: { cacheName: 'disclosure', networkTimeoutSeconds: 4, expiration: { maxEntries: 2 } },
    },
  ],
  ignoreURLParametersMatching: [/.*/],
});
for (const warning of warnings) console.warn(`service worker: ${warning}`);

// Read by `npm run bench:offline` (the precache's transferred size) and by the tests.
await writeFile(
  join(distDir, '_meta', 'precache.json'),
  JSON.stringify({ files: precached, bytes: size }),
);
const sw = await readFile(join(distDir, 'sw.js'), 'utf8');
if (sw.includes('importScripts(')) throw new Error('sw.js must be one file (inlineWorkboxRuntime)');
console.log(`sw.js precaches ${count} files, ${(size / 1024).toFixed(0)} kB before compression`);
