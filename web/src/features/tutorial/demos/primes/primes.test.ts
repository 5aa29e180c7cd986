import { describe, expect, it } from 'vitest';
import { countPrimes } from './primes';

describe('countPrimes', () => {
  it('counts the primes below the limit', () => {
    expect(countPrimes(0)).toBe(0);
    expect(countPrimes(2)).toBe(0);
    expect(countPrimes(3)).toBe(1);
    expect(countPrimes(10)).toBe(4);
    expect(countPrimes(100)).toBe(25);
    expect(countPrimes(200_000)).toBe(17_984);
  });
});
