// Writes file.br (brotli, best) and file.gz (gzip -9) beside every text file
// in dist/, so the server can send them as they are.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const TYPES = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for await (const file of files(distDir)) {
  if (!TYPES.has(extname(file))) continue;
  const data = await readFile(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gz);
  count += 1;
  console.log(`${relative(distDir, file).padEnd(44)} ${String(data.length).padStart(7)}  br ${String(br.length).padStart(6)}  gz ${String(gz.length).padStart(6)}`);
}
console.log(`compressed ${count} files`);
