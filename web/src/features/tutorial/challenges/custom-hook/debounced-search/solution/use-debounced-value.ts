import { useEffect, useState } from 'react';

/**
 * `value`, but only once it has stayed the same for `delay` milliseconds:
 * while it keeps changing, the hook keeps returning the old value.
 */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);

  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    // Runs before the effect runs again (a new value) and when the component goes away:
    // the old timer is cancelled, so only the last value, after a quiet pause, gets through.
    return () => clearTimeout(timer);
  }, [value, delay]);

  return settled;
}
