import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { highlight } from '../../../../scripts/vite-plugin-tutorial';
import { sourceText } from './source-text';

const demos = join(__dirname, '..', 'demos');
const files = readdirSync(demos, { recursive: true })
  .map(String)
  .filter((file) => ['.ts', '.tsx', '.css'].includes(extname(file)) && !file.includes('.test.'));

describe('sourceText', () => {
  it.each(files)('gives the editor exactly the file %s, from its highlighted HTML', async (file) => {
    const code = readFileSync(join(demos, file), 'utf8');
    const lang = extname(file) === '.css' ? 'css' : extname(file) === '.ts' ? 'ts' : 'tsx';
    expect(sourceText(await highlight(code, lang))).toBe(code);
  });
});
