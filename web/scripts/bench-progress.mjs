// Measures what a lesson's load costs a signed-in student, in Chromium against a running site:
// every request the page makes (the page, its scripts and styles, the session, the progress
// read) with the bytes each transferred, first with an empty cache, then on a later visit. The
// student has progress in the account: two lessons done and the lesson's challenge file edited.
// Home, About and Contact are loaded too, to show that they make no progress call.
// Usage: node scripts/bench-progress.mjs [base-url]   (default http://127.0.0.1:8080)
// Exits 1 when a page other than a lesson calls /api/progress, or a lesson calls it more than once.
import { chromium } from '@playwright/test';

const base = new URL(process.argv[2] ?? process.env.BASE_URL ?? 'http://127.0.0.1:8080');
const LESSON = '/react/web-hooks/use-state';
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

/** A new account with some progress, made through the API as the site's pages do. */
async function studentWithProgress(context) {
  const api = context.request;
  const headers = { origin: base.origin };
  const email = `bench.${Date.now()}@example.com`;
  const registered = await api.post(new URL('/api/auth/register', base).href, {
    headers,
    data: { displayName: 'Bench Student', email, password: 'river-campus-2024!', mobile: '+91 98765 43210' },
  });
  if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  const now = Date.now();
  const code = `export function ClickCounter() {\n  return null;\n}\n${'// a student\'s note\n'.repeat(40)}`;
  const saved = await api.post(new URL('/api/progress', base).href, {
    headers,
    data: {
      lessons: [
        { lesson: 'intro', done: true, changedAt: now },
        { lesson: 'install', done: true, changedAt: now },
      ],
      passes: [{ challenge: 'use-state/click-counter', passedAt: now, files: { 'click-counter.tsx': code } }],
      files: [{ lesson: 'use-state', demo: 'challenge:use-state/click-counter', file: 'click-counter.tsx', code, base: 'x', editedAt: now }],
    },
  });
  if (!saved.ok()) throw new Error(`progress: ${saved.status()} ${await saved.text()}`);
}

/**
 * Loads `path` and lists the requests made until the page is settled, with the bytes each took
 * on the wire (Chromium's own count: 0 for a file served from the HTTP cache).
 */
async function load(page, path) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent = new Map();
  const fromCache = new Set();
  const requests = [];
  cdp.on('Network.requestWillBeSent', (event) => sent.set(event.requestId, event.request));
  cdp.on('Network.requestServedFromCache', (event) => fromCache.add(event.requestId));
  cdp.on('Network.loadingFinished', (event) => {
    const request = sent.get(event.requestId);
    if (!request || request.url.startsWith('data:')) return;
    const url = new URL(request.url);
    const cached = fromCache.has(event.requestId) || event.encodedDataLength === 0;
    requests.push({ method: request.method, path: url.pathname + url.search, bytes: event.encodedDataLength, cached });
  });
  await page.goto(new URL(path, base).href);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await cdp.detach();
  return requests;
}

const fmt = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function report(label, requests) {
  const total = requests.reduce((sum, request) => sum + request.bytes, 0);
  const network = requests.filter((request) => !request.cached);
  console.log(`${label}: ${network.length} requests over the network (${requests.length - network.length} from the cache), ${fmt(total)} transferred`);
  for (const request of requests) {
    const size = request.cached ? 'cache' : fmt(request.bytes);
    console.log(`  ${request.method.padEnd(4)} ${request.path.padEnd(60)} ${size.padStart(9)}`);
  }
}

const browser = await chromium.launch(LAUNCH);
const failures = [];
try {
  // Each context has its own cookies and an empty HTTP cache.
  const outside = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
  await studentWithProgress(outside);
  const page = await outside.newPage();
  for (const path of ['/', '/about', '/contact']) {
    const calls = (await load(page, path)).filter((request) => request.path.startsWith('/api/progress'));
    if (calls.length > 0) failures.push(`${path} called /api/progress ${calls.length} times`);
  }
  console.log('Home, About and Contact, signed in: no call to /api/progress.');
  await outside.close();

  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
  await studentWithProgress(context);
  const lessonPage = await context.newPage();
  const first = await load(lessonPage, LESSON);
  console.log();
  report(`${LESSON}, signed in, empty cache`, first);
  await lessonPage.goto(new URL('/', base).href);
  const again = await load(lessonPage, LESSON);
  console.log();
  report(`${LESSON}, signed in, a later visit`, again);
  for (const [label, requests] of [
    ['first load', first],
    ['later visit', again],
  ]) {
    const reads = requests.filter((request) => request.path.startsWith('/api/progress'));
    if (reads.length !== 1) failures.push(`the lesson's ${label} called /api/progress ${reads.length} times`);
  }
} finally {
  await browser.close();
}

if (failures.length > 0) {
  console.log(`FAIL: ${failures.join('; ')}`);
  process.exit(1);
}
