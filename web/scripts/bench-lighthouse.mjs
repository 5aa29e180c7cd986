// Lighthouse's mobile preset (simulated slow 4G, a 4x slower CPU) on every prerendered page of a
// running site, in Debian's Chromium: performance score, first and largest contentful paint,
// total blocking time, layout shift and bytes per route, and the accessibility and best
// practices scores, each the median of RUNS runs (3 unless told), then the worst of each.
// Usage: node scripts/bench-lighthouse.mjs [base-url]   (default http://127.0.0.1:8080)
// ROUTES=/,/about measures only those pages (while working on one); RUNS=1 runs each once.
// The signed-in pages are measured as their users see them: signed in, /staff as the office
// (see bench-account.mjs), /teach as a teacher.
// Exits 1 when a page's median is over its budget (BUDGET below), after printing every page and
// the element each slow page painted last. The medians of three runs, not one run, are held to
// the budgets: a single run on these shared machines now and then takes twice as long.
// It ends with where the main thread's time goes on Home and a lesson (MAIN_THREAD to choose).
// Lighthouse is fetched from the npm registry on first use, pinned to one version, rather than
// installed with the app's dependencies: only this script needs it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { benchSession, ROLE_ROUTES, roleSession, SIGNED_IN_ROUTES } from './bench-account.mjs';
import { prerenderedRoutes } from './dist-routes.mjs';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');

/**
 * What every page, public or signed in, holds to on this machine's mobile run: its largest paint
 * within 0.9 s, at most 200 ms of blocking time, nothing that moves (CLS 0.000 as Lighthouse
 * shows it), and what it downloads in all (HTML, scripts, styles, fonts, images) within the
 * bytes budget.
 */
const BUDGET = { lcp: 900, tbt: 200, cls: 0.0005, bytes: 400_000 };

const base = new URL(process.argv[2] ?? process.env.BASE_URL ?? 'http://127.0.0.1:8080');
const run = promisify(execFile);

/**
 * Runs `measureIn(port)` with a Chromium whose cookie jar holds `cookie` and which Lighthouse
 * drives through `port`. A signed-in page is measured with the session in the browser's jar, as
 * its user has it: a fixed Cookie header would be replaced by the jar's as soon as the page sets
 * a cookie of its own, and the page would find itself signed out.
 */
async function withSession(cookie, measureIn) {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
  const port = 9300 + Math.floor(Math.random() * 600);
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROME_FLAGS.split(' ').filter((flag) => flag !== '--headless=new'), `--remote-debugging-port=${port}`],
  });
  try {
    const [name, ...value] = cookie.split('=');
    await browser.addCookies([{ name, value: value.join('='), url: base.origin, httpOnly: true, sameSite: 'Lax' }]);
    return await measureIn(port);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** One Lighthouse run (mobile is its default preset); answers the figures this bench prints. */
async function measure(path, dir, port) {
  const output = join(dir, 'report.json');
  await run(
    'npm',
    [
      'exec',
      '--yes',
      `--package=${LIGHTHOUSE}`,
      '--',
      'lighthouse',
      new URL(path, base).href,
      '--quiet',
      // The 404 page answers 404 on purpose, and is measured like the others.
      '--ignore-status-code',
      '--output=json',
      `--output-path=${output}`,
      // Signed in: the browser of `withSession`, its cookies kept; else one Lighthouse starts.
      ...(port ? [`--port=${port}`, '--disable-storage-reset'] : [`--chrome-flags=${CHROME_FLAGS}`]),
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    score: report.categories.performance.score,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
    a11y: report.categories.accessibility?.score ?? NaN,
    practices: report.categories['best-practices']?.score ?? NaN,
    lcpElement: firstNodeLabel(report.audits['lcp-breakdown-insight']?.details),
    mainThread: mainThreadOf(report),
  };
}

/**
 * Where the main thread's time went, on the throttled phone: by kind of work (script
 * evaluation, style and layout, parsing the HTML…) and by the file that caused it.
 */
function mainThreadOf(report) {
  const items = (id) => report.audits[id]?.details?.items ?? [];
  return {
    byKind: items('mainthread-work-breakdown').map((item) => ({ label: item.groupLabel ?? item.group, ms: item.duration })),
    byFile: items('bootup-time').map((item) => ({ url: item.url, ms: item.total, scripting: item.scripting, parse: item.scriptParseCompile })),
  };
}

/** The main thread's time of one run, as a few lines. */
function mainThreadLines(route, { byKind, byFile }) {
  const ms = (value) => `${Math.round(value)} ms`;
  const total = byKind.reduce((sum, item) => sum + item.ms, 0);
  const file = (url) => (url.startsWith(base.origin) ? url.slice(base.origin.length) : url);
  return [
    `${route}: ${ms(total)} of main-thread work`,
    `  by kind: ${byKind.map((item) => `${item.label} ${ms(item.ms)}`).join(', ')}`,
    `  by file: ${byFile.map((item) => `${file(item.url)} ${ms(item.ms)} (script ${ms(item.scripting)}, parse ${ms(item.parse)})`).join('; ')}`,
  ];
}

/** The element Lighthouse names first in an audit's details (`main > h1 "Your account"`), or ''. */
function firstNodeLabel(details) {
  if (!details || typeof details !== 'object') return '';
  if (details.type === 'node') return `${details.selector ?? ''} "${(details.nodeLabel ?? '').slice(0, 60)}"`;
  for (const value of Object.values(details)) {
    const label = Array.isArray(value) ? value.map(firstNodeLabel).find(Boolean) : firstNodeLabel(value);
    if (label) return label;
  }
  return '';
}

/** Each figure's median over the runs; the LCP element of the run whose LCP is the median. */
function median(runs) {
  const mid = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const figures = ['score', 'fcp', 'lcp', 'tbt', 'cls', 'bytes', 'a11y', 'practices'];
  const result = Object.fromEntries(figures.map((figure) => [figure, mid(runs.map((run) => run[figure]))]));
  result.lcpElement = runs.find((run) => run.lcp === result.lcp)?.lcpElement ?? '';
  result.lcpRuns = runs.map((run) => run.lcp);
  // The main thread of the run whose blocking time is the median.
  result.mainThread = runs.find((run) => run.tbt === result.tbt)?.mainThread;
  return result;
}

/** What of `result` is over its budget, in words ('' when nothing is). */
function overBudget(result) {
  return [
    result.lcp > BUDGET.lcp && `LCP ${seconds(result.lcp)} > ${seconds(BUDGET.lcp)}`,
    result.tbt > BUDGET.tbt && `TBT ${Math.round(result.tbt)} ms > ${BUDGET.tbt} ms`,
    result.cls > BUDGET.cls && `CLS ${result.cls.toFixed(3)} > 0.000`,
    result.bytes > BUDGET.bytes && `${(result.bytes / 1000).toFixed(1)} kB > ${BUDGET.bytes / 1000} kB`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Lighthouse now and then fails to record a page load ("NO_NAVSTART … Please run Lighthouse
 * again"): a route gets three tries; answers the last error's first line when all fail.
 */
async function measureWithRetries(path, dir, cookie) {
  let problem = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return cookie ? await withSession(cookie, (port) => measure(path, dir, port)) : await measure(path, dir);
    } catch (error) {
      const stderr = String(error?.stderr ?? error);
      problem = stderr.split('\n').find((line) => /error|failed/i.test(line) && !/npm warn/.test(line)) ?? stderr.trim();
    }
  }
  return problem;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const row = (route, r) =>
  `${route.padEnd(34)} ${r.score.toFixed(2).padStart(5)} ${seconds(r.fcp).padStart(8)} ${seconds(r.lcp).padStart(8)} ${`${Math.round(r.tbt)} ms`.padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${`${(r.bytes / 1000).toFixed(1)} kB`.padStart(9)} ${r.a11y.toFixed(2).padStart(5)} ${r.practices.toFixed(2).padStart(5)}`;

const runsPerPage = Math.max(1, Number(process.env.RUNS ?? 3));
const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const failures = [];
try {
  console.log(`(each figure the median of ${runsPerPage} run${runsPerPage === 1 ? '' : 's'}; budget: LCP ${seconds(BUDGET.lcp)}, TBT ${BUDGET.tbt} ms, CLS 0.000, ${BUDGET.bytes / 1000} kB)`);
  console.log(`${'route'.padEnd(34)} ${'score'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'bytes'.padStart(9)} ${'a11y'.padStart(5)} ${'BP'.padStart(5)}`);
  const results = [];
  const only = process.env.ROUTES?.split(',').filter(Boolean);
  // EXTRA_ROUTES: pages the server renders (the notices, the courses), which dist/ does not hold.
  const extra = process.env.EXTRA_ROUTES?.split(',').filter(Boolean) ?? [];
  const routes = only ?? [...prerenderedRoutes(), ...extra];
  const cookie = routes.some((route) => SIGNED_IN_ROUTES.has(route)) ? await benchSession(base) : null;
  // BENCH_SERVER_BIN and BENCH_DATABASE (the server's binary and database): /staff as the office
  // sees it, /teach as a teacher.
  const { BENCH_SERVER_BIN: serverBin, BENCH_DATABASE: database } = process.env;
  const roleCookies = new Map();
  for (const route of routes) {
    const role = ROLE_ROUTES.get(route);
    if (role && serverBin && database && !roleCookies.has(role)) roleCookies.set(role, await roleSession(base, serverBin, database, role));
  }
  for (const route of routes) {
    const role = ROLE_ROUTES.get(route);
    const roleCookie = role ? roleCookies.get(role) : undefined;
    const signedIn = SIGNED_IN_ROUTES.has(route) && cookie !== null;
    const label = roleCookie ? `${route} (${role})` : signedIn ? `${route} (signed in)` : route;
    const runs = [];
    let problem = '';
    for (let run = 0; run < runsPerPage; run += 1) {
      const measured = await measureWithRetries(route, dir, roleCookie ?? (signedIn ? cookie : null));
      if (typeof measured === 'string') problem = measured;
      else runs.push(measured);
    }
    if (runs.length === 0) {
      console.log(`${label.padEnd(34)} not measured: ${problem}`);
      failures.push(`${label}: not measured`);
      continue;
    }
    const result = { ...median(runs), route };
    results.push(result);
    const over = overBudget(result);
    console.log(`${row(label, result)}${over ? `  OVER BUDGET: ${over}` : ''}`);
    if (over) {
      failures.push(`${label}: ${over}`);
      console.log(`${''.padEnd(34)} LCP runs ${result.lcpRuns.map(seconds).join(', ')}; its element: ${result.lcpElement || '(not named)'}`);
    }
  }
  if (results.length === 0) throw new Error('Lighthouse measured no page');
  const worst = {
    score: Math.min(...results.map((r) => r.score)),
    fcp: Math.max(...results.map((r) => r.fcp)),
    lcp: Math.max(...results.map((r) => r.lcp)),
    tbt: Math.max(...results.map((r) => r.tbt)),
    cls: Math.max(...results.map((r) => r.cls)),
    bytes: Math.max(...results.map((r) => r.bytes)),
    a11y: Math.min(...results.map((r) => r.a11y)),
    practices: Math.min(...results.map((r) => r.practices)),
  };
  console.log(row('worst of each', worst));
  // Where Home's and a lesson's main-thread time goes (MAIN_THREAD=/a,/b for other pages).
  const traced = (process.env.MAIN_THREAD ?? '/,/react/intro').split(',').filter(Boolean);
  for (const { route, mainThread } of results.filter((result) => traced.includes(result.route) && result.mainThread)) {
    console.log(`\n${mainThreadLines(route, mainThread).join('\n')}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.log(`\n${failures.length} page${failures.length === 1 ? ' is' : 's are'} over budget or not measured:`);
  for (const failure of failures) console.log(`  ${failure}`);
  process.exitCode = 1;
}
