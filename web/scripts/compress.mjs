// Writes file.br (brotli, best) and file.gz beside every text file in dist/, so the
// server can send them as they are. Scripts and stylesheets are gzipped with Zopfli:
// a gzip any browser reads, about 3% smaller than zlib's best, which is what a client
// without brotli downloads (and what the budgets in bench-sizes.mjs count). Zopfli is
// slow (about a second per 250 kB), so the files are shared among one worker per core.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const TYPES = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Downloaded by every visitor: worth Zopfli's time. The rest (pages, data) gets zlib's best. */
const ZOPFLI_TYPES = new Set(['.js', '.css']);
/** Zopfli's passes: 5 is within 0.05% of its default 15, at 80% of the time. */
const ZOPFLI_ITERATIONS = 5;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compresses one file both ways and writes the copies; returns the line to print. */
async function compress(file) {
  const data = await readFile(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = ZOPFLI_TYPES.has(extname(file))
    ? await zopfliGzip(data, { numiterations: ZOPFLI_ITERATIONS })
    : gzipSync(data, { level: 9 });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gz);
  const name = relative(distDir, file).padEnd(44);
  return `${name} ${String(data.length).padStart(7)}  br ${String(br.length).padStart(6)}  gz ${String(gz.length).padStart(6)}`;
}

if (isMainThread) {
  const queue = [];
  for await (const file of files(distDir)) if (TYPES.has(extname(file))) queue.push(file);
  // The largest first, so that no worker is left with a big file at the end.
  const sizes = new Map(await Promise.all(queue.map(async (file) => [file, (await readFile(file)).length])));
  queue.sort((a, b) => sizes.get(b) - sizes.get(a));
  const total = queue.length;
  const lines = [];
  const workers = Array.from({ length: Math.min(availableParallelism(), total) }, () => {
    const worker = new Worker(fileURLToPath(import.meta.url));
    return new Promise((resolve, reject) => {
      const next = () => (queue.length > 0 ? worker.postMessage(queue.shift()) : worker.terminate().then(resolve));
      worker.on('message', (line) => {
        lines.push(line);
        next();
      });
      worker.on('error', reject);
      next();
    });
  });
  await Promise.all(workers);
  for (const line of lines.sort()) console.log(line);
  console.log(`compressed ${total} files`);
} else {
  parentPort.on('message', async (file) => parentPort.postMessage(await compress(file)));
}
