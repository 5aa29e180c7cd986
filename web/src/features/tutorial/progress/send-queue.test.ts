// @vitest-environment jsdom
// Which answers of the account stop a write for good (shown to the student beside the demo),
// which are sent again, and that a 429's Retry-After is waited out with nothing lost. The
// sending itself, against the real server, is in e2e/progress.spec.ts; here the API call is
// replaced, as the timing is what is checked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/lib/api-client';
import { OWNER_KEY } from '../../../shared/lib/student-data';
import { progressApi, type ProgressWrite } from './progress-api';
import { enqueue, fileKey, isRefusal, readQueue, type Item } from './send-queue';

describe('a refused write', () => {
  it('is one the account answers the same way every time: too large, too many, or full', () => {
    for (const code of ['file-too-large', 'payload-too-large', 'too-many-files', 'too-many-passes', 'account-storage-full', 'invalid-input']) {
      expect(isRefusal(new ApiError(code, 'why')), code).toBe(true);
    }
  });

  it('is not a passing failure, which is sent again', () => {
    for (const code of ['unavailable', 'too-many-requests', 'too-many-saves', 'http-503', 'not-signed-in']) {
      expect(isRefusal(new ApiError(code, 'why')), code).toBe(false);
    }
    expect(isRefusal(new Error('offline'))).toBe(false);
  });
});

const edit = (code: string): Record<string, Item> => ({
  [fileKey('demo', 'App.jsx')]: {
    kind: 'file',
    merge: false,
    write: { lesson: 'state', demo: 'demo', file: 'App.jsx', code, base: 'b', editedAt: Date.now() },
  },
});

describe('a save the account asks to wait for', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(OWNER_KEY, 'uid-1');
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is sent again once Retry-After has passed, not before, with the newest edit', async () => {
    const sent: ProgressWrite[] = [];
    vi.spyOn(progressApi, 'write').mockImplementation(async (write: ProgressWrite) => {
      sent.push(write);
      if (sent.length === 1) throw new ApiError('too-many-saves', 'Saving paused', null, 5);
      return { files: [] };
    });
    enqueue(edit('v1'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(1);

    // The student keeps typing while the account said to wait: nothing goes before it.
    enqueue(edit('v2'));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(sent).toHaveLength(1);
    expect(readQueue()[fileKey('demo', 'App.jsx')]?.write).toMatchObject({ code: 'v2' });

    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.files?.[0]).toMatchObject({ code: 'v2' });
    expect(readQueue()).toEqual({});
  });
});
