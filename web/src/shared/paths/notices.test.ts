import { describe, expect, it } from 'vitest';
import { isServerRenderedPath } from './notices';

describe('isServerRenderedPath', () => {
  it('is true for the notices and a notice, with or without a query or fragment', () => {
    expect(isServerRenderedPath('/notices')).toBe(true);
    expect(isServerRenderedPath('/notices?category=exams&page=2')).toBe(true);
    expect(isServerRenderedPath('/notices/bca-exam-timetable#rooms')).toBe(true);
  });

  it('is false for the pages the app has itself', () => {
    expect(isServerRenderedPath('/')).toBe(false);
    expect(isServerRenderedPath('/noticeboard')).toBe(false);
    expect(isServerRenderedPath('/about#faculty')).toBe(false);
  });
});
