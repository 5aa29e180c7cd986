// Writes the prerendered HTML of every route into dist/, after `vite build`
// (the browser bundle and dist/index.html as the page template) and
// `vite build --ssr` (the server renderer in .ssr-build/).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

// A tiny blocking script marks <html> as scripted before first paint, so
// styles that depend on scripts (the folded phone menu) apply without a
// visible jump. It is a file, not inline, to satisfy the CSP.
const flagSource = "document.documentElement.classList.add('js');\n";
const flagHash = createHash('sha256').update(flagSource).digest('base64url').slice(0, 8);
const flagFile = `assets/js-flag-${flagHash}.js`;
await writeFile(join(distDir, flagFile), flagSource);

function page({ meta, titlePrefix = '', ssrPath, body }) {
  const head = [
    `<title>${escapeHtml(server.documentTitle(meta, titlePrefix))}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<script src="/${flagFile}"></script>`,
  ].join('\n    ');
  // After the app's own stylesheet, so a page's styles come later in the
  // cascade, as they do when the app loads them on navigation.
  const preloads = preloadLinks(ssrPath, template).map((link) => `  ${link}\n  `).join('');
  const html = template
    .replace(HEAD_SLOT, head)
    .replace('</head>', `${preloads}</head>`)
    .replace(ROOT_SLOT, `<div id="root" data-ssr-path="${escapeHtml(ssrPath)}">${body}</div>`);
  const inline = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g);
  if (inline) throw new Error(`inline script would break the CSP: ${inline.join(', ')}`);
  return html;
}

async function write(file, html) {
  const target = join(distDir, file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, html);
  console.log(`prerendered dist/${file}`);
}

for (const route of server.routes) {
  await write(
    server.outputFile(route.path),
    page({ meta: route.meta, ssrPath: route.path, body: server.render(route.path) }),
  );
}

await write(
  '404.html',
  page({
    meta: server.notFoundRoute.meta,
    ssrPath: server.NOT_FOUND_PATH,
    body: server.render(server.NOT_FOUND_PATH),
  }),
);

// The page the server fills in when a contact submission has problems.
const contactRoute = server.routes.find((route) => route.path === '/contact');
const contactTemplate = page({
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
