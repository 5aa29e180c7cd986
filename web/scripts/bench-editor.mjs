// Measures the tutorial's editor in Chromium against a running site:
//  - what the first "Edit code" of a visit downloads, and what opening the
//    editor of a second lesson adds (after moving there in the app, and after
//    loading it as a new page), compressed as served, gzip and brotli;
//  - the time from a keystroke in the editor to the updated result in the
//    sandbox, over 20 edits (median and worst).
// Usage: node scripts/bench-editor.mjs [base-url]   (default http://127.0.0.1:8080)
// Exits 1 when the first editor costs more than 150 kB (gzip) or a second one
// more than 10 kB. The latency is printed, never asserted: machines differ.
// The functions passed to page.evaluate run in the browser, where these exist.
/* global window, document, MutationObserver */
import { chromium } from '@playwright/test';

const KB = 1000;
const BUDGET = { firstEditor: 150 * KB, secondEditor: 10 * KB };
const base = new URL(process.argv[2] ?? process.env.BASE_URL ?? 'http://127.0.0.1:8080');
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

/**
 * Counts the bytes of every response the page and its frames receive, body
 * (compressed, as sent) and headers; a revalidated file counts its headers,
 * a cache hit nothing.
 */
function byteCounter(page) {
  let bytes = 0;
  const files = [];
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => undefined);
    const response = await request.response();
    if (!sizes || !response) return;
    const transferred = Math.max(0, sizes.responseBodySize) + Math.max(0, sizes.responseHeadersSize);
    bytes += transferred;
    if (transferred > 0) files.push(`${new URL(request.url()).pathname} ${transferred}`);
  });
  return {
    take() {
      const taken = { bytes, files: files.splice(0) };
      bytes = 0;
      return taken;
    },
  };
}

/** Lets late requests (a page's lazy chunks, its CSS) finish and be counted. */
async function settle(page) {
  await page.waitForTimeout(750);
}

async function hydrated(page) {
  await page.waitForFunction(() => document.querySelector('.demo-toolbar button') && !document.querySelector('.demo-toolbar button[disabled]'));
}

async function openEditor(page, demo, expected) {
  await page.getByRole('button', { name: `Edit code: ${demo}` }).click();
  await page.frameLocator(`iframe[title="Result: ${demo}"]`).getByText(expected).first().waitFor({ timeout: 30_000 });
  await settle(page);
}

/** Downloads of a visit: the lesson, its first editor, a second lesson's editor (in-app and as a new page). */
async function measureDownloads(browser, encoding) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': encoding } });
  const page = await context.newPage();
  const counter = byteCounter(page);
  await page.goto(new URL('/react', base).href);
  await hydrated(page);
  await settle(page);
  const lesson = counter.take();
  await openEditor(page, 'Like button', 'Like');
  const first = counter.take();
  // Another lesson, reached through the sidebar: the runtime is in memory.
  await page.getByRole('navigation', { name: 'React tutorial' }).getByRole('link', { name: 'useState' }).click();
  await hydrated(page);
  await settle(page);
  counter.take();
  await openEditor(page, 'Counter', 'Count: 0');
  const secondInApp = counter.take();
  // The same, loaded as a new page: the runtime comes from the HTTP cache.
  await page.goto(new URL('/react/web-hooks/use-effect', base).href);
  await hydrated(page);
  await settle(page);
  counter.take();
  await openEditor(page, 'Stopwatch', '0:00');
  const secondNewPage = counter.take();
  await context.close();
  return { lesson, first, secondInApp, secondNewPage };
}

/** Keystroke to updated result, in ms, for `count` edits of the like button's label. */
async function measureLatency(browser, count) {
  const page = await browser.newPage();
  await page.goto(new URL('/react', base).href);
  await hydrated(page);
  await openEditor(page, 'Like button', 'Like');
  const editor = page.getByRole('textbox', { name: 'Code: like-button.tsx' });
  const code = await editor.inputValue();
  const at = code.indexOf('</span> Like') + '</span> Like'.length;
  await editor.evaluate((element, position) => element.setSelectionRange(position, position), at);
  await page.evaluate(() => {
    window.__keys = [];
    document.addEventListener('keydown', () => window.__keys.push(performance.timeOrigin + performance.now()), true);
  });
  const sandbox = page.frames().find((frame) => frame.url().endsWith('/sandbox'));
  await sandbox.evaluate(() => {
    window.__changes = [];
    new MutationObserver(() => {
      window.__changes.push([performance.timeOrigin + performance.now(), document.getElementById('root').textContent]);
    }).observe(document.getElementById('root'), { subtree: true, childList: true, characterData: true });
  });
  const result = page.frameLocator('iframe[title="Result: Like button"]');
  const latencies = [];
  let label = 'Like';
  for (let index = 0; index < count; index += 1) {
    const key = String.fromCharCode(97 + (index % 26));
    label += key;
    await page.keyboard.press(key);
    await result.getByText(label, { exact: false }).first().waitFor();
    const [pressed] = (await page.evaluate(() => window.__keys.splice(0))).slice(-1);
    const changes = await sandbox.evaluate(() => window.__changes.splice(0));
    const shown = changes.find(([, text]) => text.endsWith(label));
    latencies.push(shown[0] - pressed);
    // A pause between edits, as between a student's thoughts.
    await page.waitForTimeout(150);
  }
  await page.close();
  latencies.sort((a, b) => a - b);
  return { median: latencies[Math.floor(latencies.length / 2)], worst: latencies.at(-1), all: latencies };
}

const fmt = (bytes) => `${(bytes / KB).toFixed(1)} kB`.padStart(9);
const browser = await chromium.launch(LAUNCH);
const failures = [];
console.log(`The tutorial's editor, measured in Chromium against ${base.origin} (1 kB = 1000 bytes)\n`);
console.log(`${'what'.padEnd(58)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}`);
const gzip = await measureDownloads(browser, 'gzip');
const brotli = await measureDownloads(browser, 'br');
const rows = [
  ['/react, loaded and hydrated (no editor)', 'lesson'],
  ['first Edit code of the visit (Like button)', 'first'],
  ['a second lesson\'s editor, after moving there in the app', 'secondInApp'],
  ['a second lesson\'s editor, on a newly loaded page', 'secondNewPage'],
];
for (const [label, key] of rows) console.log(`${label.padEnd(58)} ${fmt(gzip[key].bytes)} ${fmt(brotli[key].bytes)}`);
console.log('\nfiles of the first Edit code (gzip):');
for (const file of gzip.first.files) console.log(`  ${file}`);
console.log('files of a second editor on a new page (gzip):');
for (const file of gzip.secondNewPage.files) console.log(`  ${file}`);
if (gzip.first.bytes > BUDGET.firstEditor) failures.push(`the first editor downloads ${fmt(gzip.first.bytes)} (budget ${fmt(BUDGET.firstEditor)})`);
for (const key of ['secondInApp', 'secondNewPage']) {
  if (gzip[key].bytes > BUDGET.secondEditor) failures.push(`a second editor (${key}) downloads ${fmt(gzip[key].bytes)} (budget ${fmt(BUDGET.secondEditor)})`);
}

const latency = await measureLatency(browser, 20);
console.log(`\nkeystroke to updated result, 20 edits: median ${latency.median.toFixed(0)} ms, worst ${latency.worst.toFixed(0)} ms`);
console.log(`  (each: ${latency.all.map((ms) => ms.toFixed(0)).join(' ')})`);
await browser.close();

if (failures.length > 0) {
  console.error(`\nOVER BUDGET:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
