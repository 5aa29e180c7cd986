// A small static server for dist/ that follows the same rules as the real
// server (path -> index.html, precompressed files, 404 page, strict CSP).
// For local checks only: forms are not handled.
// Usage: node scripts/serve-dist.mjs [port]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const port = Number(process.argv[2] ?? process.env.PORT ?? 4173);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** A list the build declared in dist/_meta/<file>, or none. */
async function declared(file, key) {
  try {
    return JSON.parse(await readFile(join(distDir, '_meta', file), 'utf8'))[key] ?? [];
  } catch {
    return [];
  }
}

// Extra connect-src origins (the tutorial's placeholder-data service) and the
// hashes of the pages' inline scripts and styles, added the same way the real
// server adds them.
const declaredConnect = await declared('csp.json', 'connectSrc');
const inlineScripts = await declared('inline.json', 'scriptSrc');
const inlineStyles = await declared('inline.json', 'styleSrc');

const CSP = [
  "default-src 'self'",
  ["script-src 'self'", ...inlineScripts].join(' '),
  ["style-src 'self'", ...inlineStyles].join(' '),
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  ["connect-src 'self'", ...declaredConnect].join(' '),
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function resolve(pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  if (clean.startsWith('/assets/') || extname(clean)) {
    const file = join(distDir, clean);
    if (await isFile(file)) return file;
    return null;
  }
  const file = join(distDir, clean, 'index.html');
  return (await isFile(file)) ? file : null;
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let file = await resolve(url.pathname);
  const status = file ? 200 : 404;
  file ??= join(distDir, '404.html');
  const accept = String(req.headers['accept-encoding'] ?? '');
  const headers = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-security-policy': CSP,
    vary: 'accept-encoding',
    'cache-control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
    if (accept.includes(encoding) && (await isFile(file + suffix))) {
      headers['content-encoding'] = encoding;
      file += suffix;
      break;
    }
  }
  const body = await readFile(file);
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}).listen(port, '127.0.0.1', () => console.log(`serving dist/ on http://127.0.0.1:${port}`));
