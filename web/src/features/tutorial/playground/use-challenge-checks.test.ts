import { describe, expect, it } from 'vitest';
import type { CheckState } from './challenge-panel';
import { checksStoppedBy } from './use-challenge-checks';

describe('checks stopped by the sandbox', () => {
  it('end a check still running with one failed check that says why', () => {
    expect(checksStoppedBy('did-not-finish', { status: 'checking' })).toEqual({
      status: 'done',
      results: [{ title: 'Your code finishes', passed: false, reason: 'A loop in your code never ended, so the checks were stopped.' }],
    });
    expect(checksStoppedBy('navigated-away', { status: 'checking' })).toEqual({
      status: 'done',
      results: [
        {
          title: 'Your code stays on its page',
          passed: false,
          reason:
            'Your code navigated away from the result (with location.reload() or a change to location, say), so the checks were stopped.',
        },
      ],
    });
  });

  it('leave alone what the checks showed when none was running', () => {
    const done: CheckState = { status: 'done', results: [{ title: 'Counts by five', passed: true }] };
    for (const state of [{ status: 'idle' }, { status: 'unavailable' }, done] as const) {
      expect(checksStoppedBy('did-not-finish', state)).toBe(state);
      expect(checksStoppedBy('navigated-away', state)).toBe(state);
    }
  });
});
