import { describe, expect, it } from 'vitest';
import { formatHours, formatPrice } from './course-format';

describe('course formatting', () => {
  it('shows hours with the right word', () => {
    expect(formatHours(3)).toBe('3 hrs');
    expect(formatHours(1)).toBe('1 hr');
    expect(formatHours(0)).toBe('0 hrs');
  });

  it('shows the price in rupees by default', () => {
    expect(formatPrice(2000)).toBe('2000 INR');
    expect(formatPrice(15, 'USD')).toBe('15 USD');
  });
});
