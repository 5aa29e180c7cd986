import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before a list follows its search box. */
const SEARCH_DELAY_MS = 400;

/**
 * A search box whose search lives in the page's address (`current`). Typing
 * searches after a pause, replacing the address rather than adding to the
 * history; Enter searches at once and adds an entry, so Back returns to the
 * list before it. When the address changes otherwise (Back, a link), the box
 * follows it.
 */
export function useSearchBox(current: string, go: (q: string, replace: boolean) => void) {
  const [typed, setTyped] = useState(current);
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setTyped(current);
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return {
    typed,
    change(value: string) {
      setTyped(value);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        if (value.trim() !== current.trim()) go(value.trim(), true);
      }, SEARCH_DELAY_MS);
    },
    /** Enter, or a filter changed: what is typed counts now. */
    now() {
      window.clearTimeout(timer.current);
      return typed.trim();
    },
  };
}
