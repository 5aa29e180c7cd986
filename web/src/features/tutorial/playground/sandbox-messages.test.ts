import { describe, expect, it } from 'vitest';
import { SANDBOX_LIMITS } from './protocol';
import { consoleEntriesOf, heightOf, problemOf, resultsOf, textOf } from './sandbox-messages';

const MEGABYTE = 'x'.repeat(1024 * 1024);

describe('what the page takes from a sandbox', () => {
  it('keeps at most the cap of 100,000 forged check results', () => {
    const forged = Array.from({ length: 100_000 }, (_, index) => ({ title: `check ${index}`, passed: true }));
    const results = resultsOf(forged);
    expect(results).toHaveLength(SANDBOX_LIMITS.checkResults);
    expect(SANDBOX_LIMITS.checkResults).toBeLessThanOrEqual(50);
    expect(results[0]).toEqual({ title: 'check 0', passed: true });
  });

  it('cuts a check title or reason of 1 MB to the cap, and says so', () => {
    const [result] = resultsOf([{ title: MEGABYTE, passed: false, reason: MEGABYTE }]);
    expect(result!.title).toHaveLength(SANDBOX_LIMITS.checkText);
    expect(result!.reason).toHaveLength(SANDBOX_LIMITS.checkText);
    expect(result!.reason!.endsWith('…')).toBe(true);
    expect(SANDBOX_LIMITS.checkText).toBeLessThanOrEqual(500);
  });

  it('keeps real check results as they are', () => {
    const real = [
      { title: 'The button starts at zero', passed: true },
      { title: 'Each click adds one', passed: false, reason: 'Expected "Clicked 1 time", but it shows "Clicked 0 times".' },
    ];
    expect(resultsOf(real)).toEqual(real);
  });

  it('drops results of the wrong shape, and reads only `passed: true` as a pass', () => {
    expect(resultsOf('all passed')).toEqual([]);
    expect(resultsOf({ length: 3 })).toEqual([]);
    expect(resultsOf([null, 7, 'x', { title: 'ok', passed: 'yes' }])).toEqual([{ title: 'ok', passed: false }]);
  });

  it('does not turn posted arrays or objects into text', () => {
    expect(resultsOf([{ title: Array.from({ length: 100_000 }, () => 'x'), passed: true }])).toEqual([{ title: '', passed: true }]);
    expect(textOf({ toString: 'not called' })).toBe('');
    expect(textOf(42)).toBe('42');
  });

  it('cuts a problem message of 1 MB', () => {
    const problem = problemOf({ message: MEGABYTE, file: MEGABYTE, line: 3 });
    expect(problem.message).toHaveLength(SANDBOX_LIMITS.text);
    expect(problem.file!.length).toBeLessThanOrEqual(500);
    expect(problem.line).toBe(3);
    expect(problemOf(undefined)).toEqual({ message: '' });
  });

  it('keeps at most the console cap of a flood of lines, says how many were left out, and cuts each line', () => {
    const flood = Array.from({ length: 100_000 }, () => ({ level: 'log', text: 'hi' }));
    const lines = consoleEntriesOf(flood);
    expect(lines).toHaveLength(SANDBOX_LIMITS.consoleLines);
    expect(lines.at(-1)).toEqual({ level: 'warn', text: `… ${100_000 - SANDBOX_LIMITS.consoleLines + 1} more lines not shown` });

    const [long] = consoleEntriesOf([{ level: 'shout', text: MEGABYTE }]);
    expect(long).toEqual({ level: 'log', text: expect.any(String) });
    expect(long!.text).toHaveLength(SANDBOX_LIMITS.text);
    expect(consoleEntriesOf('nothing')).toEqual([]);
  });

  it('keeps a height within bounds', () => {
    expect(heightOf(1e9)).toBe(SANDBOX_LIMITS.height);
    expect(heightOf(-5)).toBe(0);
    expect(heightOf(Number.NaN)).toBeUndefined();
    expect(heightOf('100')).toBeUndefined();
  });
});
