import { describe, expect, it } from 'vitest';
import { describeWhen, formatDate } from './dates';

const NOW = Date.UTC(2026, 10, 23, 12, 0);
const MINUTE = 60_000;

describe('describeWhen', () => {
  it('tells recent use in minutes and hours', () => {
    expect(describeWhen(NOW - 20_000, NOW)).toBe('just now');
    expect(describeWhen(NOW - MINUTE, NOW)).toBe('1 minute ago');
    expect(describeWhen(NOW - 59 * MINUTE, NOW)).toBe('59 minutes ago');
    expect(describeWhen(NOW - 60 * MINUTE, NOW)).toBe('1 hour ago');
    expect(describeWhen(NOW - 23 * 60 * MINUTE, NOW)).toBe('23 hours ago');
  });

  it('tells older use as a date and time', () => {
    expect(describeWhen(NOW - 3 * 24 * 60 * MINUTE, NOW)).toMatch(/^20 Nov 2026, \d\d:\d\d$/);
  });

  it('a clock a little ahead of the server is still "just now"', () => {
    expect(describeWhen(NOW + 5_000, NOW)).toBe('just now');
  });
});

describe('formatDate', () => {
  it('writes the day, month and year in words', () => {
    expect(formatDate(Date.UTC(2026, 0, 15, 12))).toBe('15 January 2026');
  });
});
