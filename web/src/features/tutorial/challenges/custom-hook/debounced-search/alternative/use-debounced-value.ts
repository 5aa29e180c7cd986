import { useEffect, useRef, useState } from 'react';

/**
 * Another correct answer: one timer kept in a ref. Each new value cancels the
 * timer of the one before, and a separate cleanup cancels it when the component goes away.
 */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSettled(value), delay);
  }, [value, delay]);

  useEffect(() => {
    const pending = timer;
    return () => clearTimeout(pending.current);
  }, []);

  return settled;
}
