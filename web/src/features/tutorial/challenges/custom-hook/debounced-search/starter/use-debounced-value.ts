import { useEffect, useState } from 'react';

/**
 * `value`, but only once it has stayed the same for `delay` milliseconds:
 * while it keeps changing, the hook keeps returning the old value.
 */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);

  useEffect(() => {
    setTimeout(() => setSettled(value), delay);
  }, [value, delay]);

  return settled;
}
