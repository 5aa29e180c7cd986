// Measures the tutorial's offline copy and its search against a running site:
//  - the whole precache as transferred (each file the worker lists, fetched as
//    the browser fetches it, brotli), with the budget of 1.5 MB;
//  - a repeat visit with the network off: each lesson's largest contentful
//    paint, answered by the service worker, in Chromium with the CPU slowed 4x
//    and a phone's screen (Lighthouse's mobile CPU; Lighthouse itself cannot
//    run offline). Budget: 0.5 s for every lesson;
//  - the search index's size (gzip) and a query's time: every lesson title
//    typed into the search box one letter at a time on the slowed CPU, from
//    the input to the results in the page (median and worst). Budget: the
//    index 30 kB gzip, the median 50 ms.
// Usage: node scripts/bench-offline.mjs [base-url]   (default http://127.0.0.1:8080)
// Exits 1 when a budget is broken.
// The functions passed to page.evaluate run in the browser, where these exist.
/* global document, HTMLInputElement */
import http from 'node:http';
import { chromium } from '@playwright/test';

const KB = 1000;
const BUDGET = { precache: 1500 * KB, offlineLcpMs: 500, indexGzip: 30 * KB, queryMs: 50 };
const base = new URL(process.argv[2] ?? process.env.BASE_URL ?? 'http://127.0.0.1:8080');
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
let failed = false;

/** The body's length as sent, with the encoding asked for. */
function transferred(path, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, base), { headers: { 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode, bytes }));
      })
      .on('error', reject);
  });
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function check(ok, line) {
  console.log(`${ok ? 'ok  ' : 'OVER'} ${line}`);
  if (!ok) failed = true;
}

// ---- The precache, as transferred -------------------------------------------------------
const worker = await (await fetch(new URL('/sw.js', base))).text();
const urls = [...worker.matchAll(/url:"([^"]+)",revision:/g)].map(([, url]) => url);
let precache = (await transferred('/sw.js', 'br')).bytes;
for (const url of urls) precache += (await transferred(url, 'br')).bytes;
check(precache <= BUDGET.precache, `precache: ${urls.length} files and sw.js, ${kb(precache)} transferred (brotli; budget ${kb(BUDGET.precache)})`);

const index = await transferred('/search-index.json', 'gzip');
check(index.bytes <= BUDGET.indexGzip, `search index: ${kb(index.bytes)} gzip (budget ${kb(BUDGET.indexGzip)})`);

// ---- Offline: each lesson's largest paint, from the worker -------------------------------
const browser = await chromium.launch(LAUNCH);
const context = await browser.newContext(PHONE);
const page = await context.newPage();
await page.goto(new URL('/react', base).href);
await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60_000 });
const lessons = urls.filter((url) => url === '/react' || url.startsWith('/react/'));
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await context.setOffline(true);

const lcps = [];
for (const lesson of lessons) {
  await page.goto(new URL(lesson, base).href);
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  lcps.push([lesson, lcp]);
}
console.log('offline repeat visit, largest contentful paint (4x slower CPU, phone screen, served by the worker):');
for (const [lesson, lcp] of lcps) console.log(`  ${lesson.padEnd(32)} ${Math.round(lcp)} ms`);
const worst = Math.max(...lcps.map(([, lcp]) => lcp));
check(worst <= BUDGET.offlineLcpMs, `offline LCP: worst ${Math.round(worst)} ms, median ${Math.round(median(lcps.map(([, l]) => l)))} ms (budget ${BUDGET.offlineLcpMs} ms)`);

// ---- Search: a query's time, typed one letter at a time ----------------------------------
await page.goto(new URL('/react/intro', base).href);
await page.waitForFunction(() => !document.querySelector('.tutorial-search-button[disabled]'));
await page.click('.tutorial-search-button');
await page.waitForSelector('[role="combobox"]');
const titles = await page.evaluate(() => [...document.querySelectorAll('.tutorial-nav__link')].map((link) => link.firstChild.textContent));
// The first query waits for the library and the index; it is timed apart.
const firstUse = await page.evaluate(async () => {
  const input = document.querySelector('[role="combobox"]');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const start = performance.now();
  setValue.call(input, 'r');
  input.dispatchEvent(new Event('input', { bubbles: true }));
  while (!document.querySelector('[role="option"]')) await new Promise((resolve) => setTimeout(resolve, 1));
  return performance.now() - start;
});
const times = await page.evaluate(async (words) => {
  const input = document.querySelector('[role="combobox"]');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  // A task after the input's: React has rendered the results by then (an input is a discrete event).
  const nextTask = () =>
    new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      channel.port2.postMessage(null);
    });
  const measured = [];
  for (const word of words) {
    for (let i = 1; i <= word.length; i++) {
      const start = performance.now();
      setValue.call(input, word.slice(0, i));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await nextTask();
      measured.push(performance.now() - start);
    }
  }
  return measured;
}, titles);
await browser.close();
console.log(`search, first use (library and index from the worker, offline): ${Math.round(firstUse)} ms`);
check(
  median(times) <= BUDGET.queryMs,
  `search query: median ${median(times).toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms over ${times.length} keystrokes (4x slower CPU; budget ${BUDGET.queryMs} ms median)`,
);
process.exit(failed ? 1 : 0);
