/**
 * How many primes are below `limit`, by trial division: deliberately slow,
 * so that skipping it (with useMemo) makes a visible difference.
 */
export function countPrimes(limit: number): number {
  let count = 0;
  for (let n = 2; n < limit; n += 1) {
    let prime = true;
    for (let d = 2; d * d <= n; d += 1) {
      if (n % d === 0) {
        prime = false;
        break;
      }
    }
    if (prime) count += 1;
  }
  return count;
}
