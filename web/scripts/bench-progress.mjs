// Measures what a lesson's load costs a signed-in student, in Chromium against a running site:
// every request the page makes (the page, its scripts and styles, the session, the progress
// read) with the bytes each transferred, first with an empty cache, then on a reload. The
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

/** Loads `path` and lists the requests made until the page is settled, with their bytes. */
async function load(page, path, reload = false) {
  const requests = [];
  const onFinished = async (request) => {
    const sizes = await request.sizes().catch(() => undefined);
    const transferred = sizes ? Math.max(0, sizes.responseBodySize) + Math.max(0, sizes.responseHeadersSize) : 0;
    requests.push({ method: request.method(), path: new URL(request.url()).pathname + new URL(request.url()).search, bytes: transferred });
  };
  page.on('requestfinished', onFinished);
  if (reload) await page.reload();
  else await page.goto(new URL(path, base).href);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  page.off('requestfinished', onFinished);
  return requests;
}

const fmt = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function report(label, requests) {
  const total = requests.reduce((sum, request) => sum + request.bytes, 0);
  console.log(`${label}: ${requests.length} requests, ${fmt(total)} transferred`);
  for (const request of requests) console.log(`  ${request.method.padEnd(4)} ${request.path.padEnd(60)} ${fmt(request.bytes).padStart(9)}`);
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
  const again = await load(lessonPage, LESSON, true);
  console.log();
  report(`${LESSON}, signed in, reloaded`, again);
  for (const [label, requests] of [
    ['first load', first],
    ['reload', again],
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
