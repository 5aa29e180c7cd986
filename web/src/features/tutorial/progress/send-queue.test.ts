// Which answers of the account stop a write for good (shown to the student beside the demo),
// and which are worth sending again.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/lib/api-client';
import { isRefusal } from './send-queue';

describe('a refused write', () => {
  it('is one the account answers the same way every time: too large, too many, or full', () => {
    for (const code of ['file-too-large', 'too-many-files', 'too-many-passes', 'account-storage-full', 'invalid-input']) {
      expect(isRefusal(new ApiError(code, 'why')), code).toBe(true);
    }
  });

  it('is not a passing failure, which is sent again', () => {
    for (const code of ['unavailable', 'too-many-requests', 'http-503', 'not-signed-in']) {
      expect(isRefusal(new ApiError(code, 'why')), code).toBe(false);
    }
    expect(isRefusal(new Error('offline'))).toBe(false);
  });
});
