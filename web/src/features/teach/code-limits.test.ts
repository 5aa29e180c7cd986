import { describe, expect, it } from 'vitest';
import { colourable, COLOURED_FILE_MAX_CHARS, COLOURED_LINE_MAX_CHARS } from './code-limits';

describe('colourable', () => {
  it('colours a solution of ordinary size', () => {
    const solution = Array.from({ length: 60 }, (_, line) => `  const value${line} = useState(${line});`).join('\n');
    expect(colourable(solution)).toBe(true);
  });

  it('leaves a file longer than the bound plain, even in short lines', () => {
    const lines = Array.from({ length: COLOURED_FILE_MAX_CHARS / 10 + 1 }, () => 'const a=1;');
    expect(colourable(lines.join(''))).toBe(false);
    expect(colourable(lines.slice(0, -1).join('\n').slice(0, COLOURED_FILE_MAX_CHARS))).toBe(true);
  });

  it('leaves one long line, such as a single long token, plain', () => {
    expect(colourable('a'.repeat(COLOURED_LINE_MAX_CHARS))).toBe(true);
    expect(colourable(`ok\n${'a'.repeat(COLOURED_LINE_MAX_CHARS + 1)}\nok`)).toBe(false);
  });
});
