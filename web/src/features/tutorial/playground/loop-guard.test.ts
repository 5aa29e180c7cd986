import { describe, expect, it } from 'vitest';
import { guardLoops } from './loop-guard';

/** Runs guarded code with a guard that lets each loop test run `budget` times in all. */
function runWithBudget(code: string, budget: number): { result: unknown; calls: number } {
  let calls = 0;
  const guard = () => {
    calls += 1;
    if (calls > budget) throw new Error('stopped');
    return true as const;
  };
  const result = new Function('__loopGuard', guardLoops(code))(guard) as unknown;
  return { result, calls };
}

describe('guardLoops', () => {
  it('stops while, do-while and for loops that never end', () => {
    for (const loop of ['while (true) {}', 'do {} while (true);', 'for (;;) {}', 'for (let i = 0; ; i++) {}', 'for (let i = 0; i >= 0; i++) {}']) {
      expect(() => runWithBudget(loop, 1000), loop).toThrow('stopped');
    }
  });

  it('leaves what finite loops compute unchanged', () => {
    const code = `
      let total = 0;
      for (let i = 0; i < 10; i++) total += i;
      let n = 3;
      while (n > 0) { n -= 1; total += 100; }
      do { total += 1000; } while (false);
      for (const x of [1, 2]) total += x * 10000;
      for (const key in { a: 1 }) total += key.length * 100000;
      return total;`;
    expect(runWithBudget(code, 1000).result).toBe(45 + 300 + 1000 + 30000 + 100000);
  });

  it('keeps the condition whole, with commas, assignments and nested brackets', () => {
    const code = `
      const items = [1, 2, 3]; let item, sum = 0, i = 0;
      while ((item = items[i++]) !== undefined, item) sum += item;
      for (let j = 0, f = () => { return 1; }; j < f() + 1; j++) sum += 10;
      return sum;`;
    expect(runWithBudget(code, 1000).result).toBe(6 + 20);
  });

  it('keeps every line where it was, so errors keep their line numbers', () => {
    const code = 'let i = 0;\nwhile (i < 3) {\n  i++;\n}\nfor (;;) { break; }\n';
    const guarded = guardLoops(code);
    expect(guarded.split('\n')).toHaveLength(code.split('\n').length);
    expect(guarded.split('\n')[1]).toContain('__loopGuard()');
  });

  it('does not touch loops written inside strings, comments or templates', () => {
    const code = "const s = 'while (true) {}'; // for (;;) {}\nconst t = `for (;;) ${'x'}`;";
    expect(guardLoops(code)).toBe(code);
  });
});
