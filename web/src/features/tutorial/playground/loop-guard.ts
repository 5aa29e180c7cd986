import { parse } from 'sucrase/dist/esm/parser/index.js';
import { TokenType as tt } from 'sucrase/dist/esm/parser/tokenizer/types.js';
import { LOOP_GUARD } from './protocol';

const OPENERS = new Set<number>([tt.parenL, tt.bracketL, tt.braceL, tt.dollarBraceL]);
const CLOSERS = new Set<number>([tt.parenR, tt.bracketR, tt.braceR]);

interface Token {
  readonly type: number;
  readonly start: number;
  readonly end: number;
}

/** The index of the token that closes the bracket opened at `open`. */
function closing(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let index = open; index < tokens.length; index += 1) {
    const type = tokens[index]!.type;
    if (OPENERS.has(type)) depth += 1;
    else if (CLOSERS.has(type)) {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** The semicolons directly inside the brackets from `open` to `close`. */
function topLevelSemicolons(tokens: readonly Token[], open: number, close: number): number[] {
  const found: number[] = [];
  let depth = 0;
  for (let index = open + 1; index < close; index += 1) {
    const type = tokens[index]!.type;
    if (OPENERS.has(type)) depth += 1;
    else if (CLOSERS.has(type)) depth -= 1;
    else if (type === tt.semi && depth === 0) found.push(index);
  }
  return found;
}

/**
 * Makes every `while`, `do … while` and `for (;;)` loop of plain JavaScript
 * call the loop guard before testing its condition, so that a loop that never
 * ends (`while (true) {}`) throws instead of freezing the page: a sandboxed
 * frame may share the page's thread. `for … of` and `for … in` walk finite
 * collections and are left alone. Insertions stay on their line, so line
 * numbers in errors still point at the student's code.
 */
export function guardLoops(code: string): string {
  const tokens = parse(code, false, false, false).tokens as readonly Token[];
  const inserts: Array<readonly [position: number, text: string]> = [];
  const guard = `${LOOP_GUARD}()`;
  tokens.forEach((token, index) => {
    const open = index + 1;
    if ((token.type !== tt._while && token.type !== tt._for) || tokens[open]?.type !== tt.parenL) return;
    const close = closing(tokens, open);
    if (close < 0) return;
    if (token.type === tt._while) {
      inserts.push([tokens[open]!.end, `${guard} && (`], [tokens[close]!.start, ')']);
      return;
    }
    const semicolons = topLevelSemicolons(tokens, open, close);
    if (semicolons.length !== 2) return;
    const [first, second] = semicolons as [number, number];
    if (second === first + 1) {
      inserts.push([tokens[first]!.end, ` ${guard}`]);
    } else {
      inserts.push([tokens[first]!.end, ` ${guard} && (`], [tokens[second]!.start, ')']);
    }
  });
  inserts.sort((a, b) => b[0] - a[0]);
  let guarded = code;
  for (const [position, text] of inserts) guarded = guarded.slice(0, position) + text + guarded.slice(position);
  return guarded;
}
