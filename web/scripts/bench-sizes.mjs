// Measures what each prerendered page costs to download, compressed.
// Usage: node scripts/bench-sizes.mjs [base-url]   (default http://127.0.0.1:8080)
// Exits 1 when the home page breaks its budget: JS over 75 kB gzip, or more
// than 100 kB transferred in all (HTML + JS + CSS), with brotli or gzip; or
// when a tutorial lesson loads more than 30 kB of gzip JS beyond Home's.
// /account and /join are measured signed in (see bench-account.mjs).
import http from 'node:http';
import https from 'node:https';
import { benchSession, SIGNED_IN_ROUTES } from './bench-account.mjs';
import { prerenderedRoutes } from './dist-routes.mjs';

const KB = 1000;
const BUDGET = { homeJsGzip: 75 * KB, homeTotal: 100 * KB, lessonExtraJsGzip: 30 * KB };

const ROUTES = prerenderedRoutes();
const ENCODINGS = ['br', 'gzip'];

const base = new URL(process.argv[2] ?? process.env.BASE_URL ?? 'http://127.0.0.1:8080');

/** GETs a URL without decoding the body, so its length is what went over the wire. */
function get(url, encoding, cookie = null) {
  const client = url.protocol === 'https:' ? https : http;
  const headers = { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) };
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          encoding: response.headers['content-encoding'] ?? 'identity',
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(15_000, () => request.destroy(new Error(`timed out: ${url}`)));
  });
}

function decode(body, encoding) {
  return import('node:zlib').then((zlib) => {
    if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
    if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
    return body.toString('utf8');
  });
}

/**
 * Scripts, module preloads and stylesheets a page loads: those its tags name,
 * and the modules its start script loads after the first paint
 * (`<meta name="app-modules">`). Inline styles count in the HTML.
 */
function assetsOf(html, pageUrl) {
  const js = new Set();
  const css = new Set();
  const modules = /<meta name="app-modules" content="([^"]*)"/.exec(html)?.[1] ?? '';
  for (const src of modules.split(' ').filter(Boolean)) js.add(new URL(src, pageUrl).href);
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) js.add(new URL(src, pageUrl).href);
      continue;
    }
    const rel = (attr('rel') ?? '').toLowerCase();
    const href = attr('href');
    if (!href) continue;
    if (rel === 'modulepreload') js.add(new URL(href, pageUrl).href);
    if (rel === 'stylesheet') css.add(new URL(href, pageUrl).href);
  }
  return { js: [...js], css: [...css] };
}

async function measure(route, encoding, cookie) {
  const pageUrl = new URL(route, base);
  const page = await get(pageUrl, encoding, cookie);
  const warnings = [];
  if (page.encoding !== encoding) warnings.push(`${route} sent as ${page.encoding}, not ${encoding}`);
  const html = await decode(page.body, page.encoding);
  const assets = assetsOf(html, pageUrl);
  const sizes = { status: page.status, html: page.body.length, js: 0, css: 0 };
  for (const kind of ['js', 'css']) {
    for (const url of assets[kind]) {
      const asset = await get(new URL(url), encoding);
      if (asset.status !== 200) throw new Error(`${url} answered ${asset.status}`);
      if (asset.encoding !== encoding && asset.body.length > 1024) {
        warnings.push(`${new URL(url).pathname} sent as ${asset.encoding}, not ${encoding}`);
      }
      sizes[kind] += asset.body.length;
    }
  }
  sizes.total = sizes.html + sizes.js + sizes.css;
  return { sizes, warnings, files: assets.js.length + assets.css.length };
}

const fmt = (bytes) => `${(bytes / KB).toFixed(1)} kB`.padStart(9);

console.log(`Compressed transfer sizes from ${base.origin} (1 kB = 1000 bytes)\n`);
console.log(`${'route'.padEnd(34)} ${'enc'.padEnd(5)} ${'status'.padStart(6)} ${'HTML'.padStart(9)} ${'JS'.padStart(9)} ${'CSS'.padStart(9)} ${'total'.padStart(9)}`);
const failures = [];
const warnings = [];
const gzipJs = new Map();
const cookie = ROUTES.some((route) => SIGNED_IN_ROUTES.has(route)) ? await benchSession(base) : null;
for (const route of ROUTES) {
  for (const encoding of ENCODINGS) {
    const result = await measure(route, encoding, SIGNED_IN_ROUTES.has(route) ? cookie : null);
    const { sizes } = result;
    warnings.push(...result.warnings);
    console.log(
      `${route.padEnd(34)} ${encoding.padEnd(5)} ${String(sizes.status).padStart(6)} ${fmt(sizes.html)} ${fmt(sizes.js)} ${fmt(sizes.css)} ${fmt(sizes.total)}`,
    );
    if (encoding === 'gzip') gzipJs.set(route, sizes.js);
    if (route !== '/') continue;
    if (encoding === 'gzip' && sizes.js > BUDGET.homeJsGzip) {
      failures.push(`home JS (gzip) ${fmt(sizes.js).trim()} exceeds the budget of ${fmt(BUDGET.homeJsGzip).trim()}`);
    }
    if (sizes.total > BUDGET.homeTotal) {
      failures.push(`home total (${encoding}) ${fmt(sizes.total).trim()} exceeds the budget of ${fmt(BUDGET.homeTotal).trim()}`);
    }
  }
}

const home = await measure('/', 'gzip');
console.log('\nBudgets for the home page:');
console.log(`  JS, gzip:        ${fmt(home.sizes.js)}  budget ${fmt(BUDGET.homeJsGzip)}`);
console.log(`  total, gzip:     ${fmt(home.sizes.total)}  budget ${fmt(BUDGET.homeTotal)}`);

// What a lesson's own code adds to the shared app.
const lessonExtras = [...gzipJs]
  .filter(([route]) => route.startsWith('/react'))
  .map(([route, js]) => ({ route, extra: js - home.sizes.js }))
  .sort((a, b) => b.extra - a.extra);
if (lessonExtras.length) {
  const [largest] = lessonExtras;
  const smallest = lessonExtras[lessonExtras.length - 1];
  console.log(
    `Lesson JS beyond Home's, gzip: ${fmt(smallest.extra).trim()} to ${fmt(largest.extra).trim()} (largest ${largest.route}), budget ${fmt(BUDGET.lessonExtraJsGzip).trim()}`,
  );
  for (const { route, extra } of lessonExtras) {
    if (extra > BUDGET.lessonExtraJsGzip) {
      failures.push(`${route} adds ${fmt(extra).trim()} of gzip JS, over the budget of ${fmt(BUDGET.lessonExtraJsGzip).trim()}`);
    }
  }
}
for (const warning of new Set(warnings)) console.log(`warning: ${warning}`);
if (failures.length) {
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  process.exit(1);
}
console.log('Within budget.');
console.log(
  'JS counts every script a page loads or preloads, including the chunks of its own code (a tutorial lesson, /login); CSS, the stylesheets it links (its first-paint styles are inline, in its HTML).',
);
