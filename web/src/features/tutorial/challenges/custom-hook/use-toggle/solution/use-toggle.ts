import { useCallback, useState } from 'react';

/**
 * A value that is either true or false, starting at `initial`, and a
 * function that flips it. Each component that calls it gets its own value.
 */
export function useToggle(initial: boolean): [boolean, () => void] {
  const [value, setValue] = useState(initial);
  // The updater form flips the latest value; useCallback keeps the same function.
  const toggle = useCallback(() => setValue((current) => !current), []);
  return [value, toggle];
}
