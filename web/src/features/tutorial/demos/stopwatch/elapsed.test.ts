import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed';

describe('formatElapsed', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(7)).toBe('0:07');
    expect(formatElapsed(65)).toBe('1:05');
    expect(formatElapsed(600)).toBe('10:00');
  });

  it('never shows negative or fractional seconds', () => {
    expect(formatElapsed(-3)).toBe('0:00');
    expect(formatElapsed(59.9)).toBe('0:59');
  });
});
