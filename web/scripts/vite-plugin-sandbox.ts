// Builds the sandbox document of the tutorial's editor: the page where a
// student's code runs (see src/features/tutorial/sandbox/). It is written
// to dist/_sandbox/index.html, which the server serves at /sandbox with a CSP
// of its own; that CSP allows the document's one inline script by the hash
// computed here, written to dist/_meta/sandbox.json.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { minifySync, transformWithOxc, type Plugin } from 'vite';

interface Options {
  /** The boot script (TypeScript), inlined into the document. */
  readonly boot: string;
}

export function sandboxPlugin({ boot }: Options): Plugin {
  let root = process.cwd();
  let isSsrBuild = false;

  return {
    name: 'college-sandbox',

    configResolved(config) {
      root = config.root;
      isSsrBuild = !!config.build.ssr;
    },

    async generateBundle() {
      if (isSsrBuild) return;
      const path = resolve(root, boot);
      const { code: javascript } = await transformWithOxc(readFileSync(path, 'utf8'), path, { lang: 'ts' });
      const script = minifySync('boot.js', javascript).code.trim();
      const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      const html = [
        '<!doctype html>',
        '<html lang="en">',
        '<head>',
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light dark">',
        '<title>Result</title>',
        '</head>',
        '<body>',
        '<div id="root" class="sandbox-root"></div>',
        `<script>${script}</script>`,
        '</body>',
        '</html>',
        '',
      ].join('\n');
      this.emitFile({ type: 'asset', fileName: '_sandbox/index.html', source: html });
      this.emitFile({ type: 'asset', fileName: '_meta/sandbox.json', source: `${JSON.stringify({ scriptSrc: [hash] })}\n` });
    },
  };
}
