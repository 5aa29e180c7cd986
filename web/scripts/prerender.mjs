// Writes the prerendered HTML of every route into dist/, after `vite build`
// (the browser bundle and dist/index.html as the page template) and
// `vite build --ssr` (the server renderer in .ssr-build/).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSearchIndex, lessonDocument, textOf } from './search-index.mjs';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');
const server = await import(pathToFileURL(join(webDir, '.ssr-build', 'entry-server.js')).href);

const HEAD_SLOT = '<!--app-head-->';
const ROOT_SLOT = '<div id="root"><!--app-html--></div>';

export function escapeHtml(text) {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

// Vite's build manifest: for each source module, its chunk and the chunks it
// imports. Read here, then removed, so it is not served.
const manifestDir = join(distDir, '.vite');
const manifest = JSON.parse(await readFile(join(manifestDir, 'manifest.json'), 'utf8'));
await rm(manifestDir, { recursive: true });

/** The script and style files of a module's chunk and of every chunk it imports statically. */
function chunkFiles(moduleId, files = { scripts: new Set(), styles: new Set() }) {
  const entry = manifest[moduleId];
  if (!entry) throw new Error(`build manifest lacks ${moduleId}`);
  if (files.scripts.has(entry.file)) return files;
  files.scripts.add(entry.file);
  for (const style of entry.css ?? []) files.styles.add(style);
  for (const imported of entry.imports ?? []) chunkFiles(imported, files);
  return files;
}

/**
 * Links to the chunks of a page's own code (a lesson, /login) that the
 * template does not already load, so the browser fetches them alongside the
 * app instead of after it has run, and the page's styles apply from the start.
 */
function preloadLinks(path, html) {
  const files = { scripts: new Set(), styles: new Set() };
  for (const moduleId of server.pageChunkModules(path)) chunkFiles(moduleId, files);
  const absent = (file) => !html.includes(`/${file}"`);
  return [
    ...[...files.styles].filter(absent).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...files.scripts].filter(absent).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
}

const template = await readFile(join(distDir, 'index.html'), 'utf8');
for (const slot of [HEAD_SLOT, ROOT_SLOT]) {
  if (!template.includes(slot)) throw new Error(`dist/index.html lacks ${slot}`);
}

// A tiny script marks <html> before first paint, so styles that depend on
// what only a script can know apply without a visible jump: `js`, that scripts
// run (the folded phone menu); `link-token`, that the address carries a mailed
// link's token in its fragment (the pages such links open show their "open the
// link again" message at once when it does not; see shared/styles/forms.css). It is inline,
// like the styles below: on a phone, a file would cost a round trip before
// anything shows. The CSP allows exactly these by hash (see `inlined`).
// main.tsx sets the same classes where no prerendered page ran this.
const FLAG_SCRIPT =
  "var c=document.documentElement.classList;c.add('js');if(/[#&]token=./.test(location.hash))c.add('link-token')";

/**
 * Starts the app's scripts once the whole page has painted: the first module
 * named by `<meta name="app-modules">` is imported, the others preloaded beside
 * it. Found by the browser in the HTML, they would share the phone's thin
 * connection with what the first paint needs, and hold it back. "The whole
 * page has painted" is the browser's report of its first contentful paint when
 * that paint came after the document was parsed; when the browser painted
 * sooner (the header, before the rest of the HTML had arrived), two frames
 * after the parse. Neither alone will do: the paint is reported only once the
 * frame is on screen, which in a browser without a GPU is frames after its
 * layout, and a start timed by frames alone then fetched the scripts before the
 * page's largest text was shown. A hidden tab never paints, and a timer starts
 * the app there. The same script on every page, so the CSP names one hash.
 */
const START_SCRIPT = [
  '(function () {',
  "  var list = document.querySelector('meta[name=\"app-modules\"]');",
  '  if (!list) return;',
  "  var modules = list.content.split(' '), started = false, painted = -1, parsed = -1;",
  '  function start() {',
  '    if (started) return;',
  '    started = true;',
  "    var manifest = document.createElement('link');",
  "    manifest.rel = 'manifest';",
  "    manifest.href = '/manifest.webmanifest';",
  '    document.head.appendChild(manifest);',
  '    for (var i = 1; i < modules.length; i++) {',
  "      var link = document.createElement('link');",
  "      link.rel = 'modulepreload';",
  '      link.href = modules[i];',
  '      document.head.appendChild(link);',
  '    }',
  '    import(modules[0]);',
  '  }',
  '  function whenPainted() {',
  '    if (painted < 0 || parsed < 0) return;',
  '    if (painted >= parsed) start();',
  '    else requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start); }); });',
  '  }',
  '  try {',
  '    new PerformanceObserver(function (paints) {',
  "      var first = paints.getEntriesByName('first-contentful-paint')[0];",
  '      if (first && painted < 0) { painted = first.startTime; whenPainted(); }',
  "    }).observe({ type: 'paint', buffered: true });",
  '  } catch (e) {',
  '    painted = 0;',
  '  }',
  '  function whenParsed() {',
  '    parsed = performance.now();',
  '    whenPainted();',
  '    setTimeout(start, 1000);',
  '  }',
  "  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed);",
  '  else whenParsed();',
  '})();',
].join('\n');

/**
 * The page's requests before its first paint are its HTML alone: the icon is written into the
 * page (a few hundred bytes; the CSP's img-src allows data:), and the link to the web app's
 * manifest, which only installing the offline copy needs (and that needs the scripts), is added
 * by START_SCRIPT with them. On a phone each of those requests would open a connection while
 * the page paints: Lighthouse put the largest paint of /notices at 0.90 s when the browser
 * asked for both first, 0.66 s when it did not.
 */
const ICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';
const MANIFEST_LINK = '<link rel="manifest" href="/manifest.webmanifest" />';
const iconInPage = `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent((await readFile(join(distDir, 'favicon.svg'), 'utf8')).trim())}" type="image/svg+xml" />`;

function onlyTheHtmlBeforePaint(html) {
  if (!html.includes(ICON_LINK) || !html.includes(MANIFEST_LINK)) throw new Error('page without the icon or the manifest link');
  return html.replace(ICON_LINK, iconInPage).replace(`${MANIFEST_LINK}\n`, '').replace(MANIFEST_LINK, '');
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** Moves the page's module script and preloads into `<meta name="app-modules">`, started by START_SCRIPT. */
function startAfterFirstPaint(html) {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('page without the app\'s entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  const meta = `<meta name="app-modules" content="${escapeHtml([entry, ...preloads].join(' '))}" />`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `  ${meta}\n    <script>${START_SCRIPT}</script>\n  </head>`);
}

/** What a page inlines, as the CSP names it: `'sha256-…'` of each inline script and style. */
const inlined = { scriptSrc: new Set(), styleSrc: new Set() };

function cspHash(text) {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

const stylesheets = new Map();
async function stylesheet(file) {
  if (!stylesheets.has(file)) stylesheets.set(file, (await readFile(join(distDir, file), 'utf8')).trim());
  return stylesheets.get(file);
}

/**
 * Replaces the page's stylesheet links with the styles themselves, so the
 * first paint waits for nothing but the HTML. The files stay in dist/: the app
 * loads a page chunk's styles itself when it navigates to that page.
 *
 * Each file inlined leaves a disabled link behind, which browsers do not fetch.
 * It tells the app's chunk loader, which skips a stylesheet a link on the page
 * already names, that these styles are here: without it, hydrating the page's
 * own chunk would first wait for a second copy of styles the page already has,
 * one more round trip before the page responds.
 */
async function inlineStylesheets(html) {
  const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)];
  let out = html;
  for (const [link, file] of links) {
    const css = await stylesheet(file);
    if (css.includes('</')) throw new Error(`${file} cannot be inlined: it contains "</"`);
    inlined.styleSrc.add(cspHash(css));
    out = out.replace(link, `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`);
  }
  return out;
}

async function page({ meta, titlePrefix = '', ssrPath, body }) {
  const head = [
    `<title>${escapeHtml(server.documentTitle(meta, titlePrefix))}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<script>${FLAG_SCRIPT}</script>`,
  ].join('\n    ');
  // After the app's own stylesheet, so a page's styles come later in the
  // cascade, as they do when the app loads them on navigation.
  const preloads = preloadLinks(ssrPath, template).map((link) => `  ${link}\n  `).join('');
  const html = onlyTheHtmlBeforePaint(startAfterFirstPaint(
    await inlineStylesheets(
      template
        .replace(HEAD_SLOT, head)
        .replace('</head>', `${preloads}</head>`)
        .replace(ROOT_SLOT, `<div id="root" data-ssr-path="${escapeHtml(ssrPath)}">${body}</div>`),
    ),
  ));
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter(([, source]) => source !== FLAG_SCRIPT && source !== START_SCRIPT);
  if (inline.length) throw new Error(`inline script would break the CSP: ${inline.map(([tag]) => tag).join(', ')}`);
  inlined.scriptSrc.add(cspHash(FLAG_SCRIPT));
  inlined.scriptSrc.add(cspHash(START_SCRIPT));
  return html;
}

async function write(file, html) {
  const target = join(distDir, file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, html);
  console.log(`prerendered dist/${file}`);
}

const lessonDocuments = [];
for (const route of server.routes) {
  const body = server.render(route.path);
  if (route.path === '/react' || route.path.startsWith('/react/')) {
    const title = textOf(/<h1 id="lesson-heading">([\s\S]*?)<\/h1>/.exec(body)?.[1] ?? route.meta.title);
    lessonDocuments.push(lessonDocument({ id: lessonDocuments.length, path: route.path, title, html: body }));
  }
  await write(server.outputFile(route.path), await page({ meta: route.meta, ssrPath: route.path, body }));
}

// The tutorial's search index, fetched by the search box on first use (and precached for offline use).
await write('search-index.json', buildSearchIndex(lessonDocuments));
// The same lessons as plain text, for the server's search at /search, which works without
// JavaScript (content/site/site_search.rs). Under _templates/: the server reads it, never serves it.
await write('_templates/lessons.json', JSON.stringify(lessonDocuments.map(({ path, title, headings, text }) => ({ path, title, headings, text }))));

await write(
  '404.html',
  await page({
    meta: server.notFoundMeta,
    ssrPath: server.NOT_FOUND_PATH,
    body: server.render(server.NOT_FOUND_PATH),
  }),
);

// The page the server fills in when a contact submission has problems.
const contactRoute = server.routes.find((route) => route.path === '/contact');
const contactTemplate = await page({
  meta: contactRoute.meta,
  titlePrefix: 'Error: ',
  ssrPath: '/contact',
  body: server.renderContactTemplate(),
});
const expected = [
  /<div (?=[^>]*class="error-summary")(?=[^>]*role="alert")(?=[^>]*tabindex="-1")(?=[^>]*id="contact-errors")[^>]*><h2>There is a problem<\/h2><ul>%%CONTACT_ERRORS%%<\/ul><\/div>/,
  /value="%%CONTACT_NAME%%"/,
  /value="%%CONTACT_EMAIL%%"/,
  /value="%%CONTACT_SUBJECT%%"/,
  />\n?%%CONTACT_MESSAGE%%<\/textarea>/,
  /<\/body>/,
];
for (const pattern of expected) {
  if (!pattern.test(contactTemplate)) throw new Error(`contact template lacks ${pattern}`);
}
if (contactTemplate.indexOf('contact-errors') > contactTemplate.indexOf('<form')) {
  throw new Error('contact template: the error summary must come before the form');
}
await write('_templates/contact-invalid.html', contactTemplate);

// The shell of the pages the server renders from what the office publishes (the notices): it
// fills the title, the description and the main HTML in (content/render/template.rs).
const contentTemplate = await page({
  meta: server.CONTENT_TEMPLATE_META,
  ssrPath: '/notices',
  body: server.renderContentTemplate(),
});
for (const slot of ['<title>%%CONTENT_TITLE%% | ', 'content="%%CONTENT_DESCRIPTION%%"', '<div class="server-content"><!--server-content--></div>', '</head>', '</body>']) {
  if (!contentTemplate.includes(slot)) throw new Error(`content template lacks ${slot}`);
}
await write('_templates/content.html', contentTemplate);

// The server names the lessons with these in a teacher's CSV download, in reading order, and
// takes a pass or a mark only for these lessons and challenges, a pass only with its files.
await write('_meta/tutorial.json', JSON.stringify({ lessons: server.lessonTitles, challengeFiles: server.challengePassFiles }));

// The server makes each editable page's first revision from these (content/page_fields.rs),
// and fills the elements the pages mark with data-edit with what the office publishes.
await write('_meta/pages.json', JSON.stringify(server.startingPageText()));

// The server makes each course's first revision from these (content/courses/fields.rs), and
// names the college in the courses' structured data.
await write('_meta/courses.json', JSON.stringify({ college: server.collegeName, courses: server.startingCourseText }));

// The server lists these in /sitemap.xml, with the notices published at the time.
await write('_meta/sitemap.json', JSON.stringify({ paths: server.sitemapPaths }));

// The server adds these to its CSP: the only inline code the site's pages may run or apply.
await write(
  '_meta/inline.json',
  JSON.stringify({ scriptSrc: [...inlined.scriptSrc].sort(), styleSrc: [...inlined.styleSrc].sort() }),
);
