import { useLayoutEffect, useRef } from 'react';

/**
 * Measures how long React takes from an event to the updated page. Attach
 * the returned ref to an element and call `start` in the event handler;
 * after the next render the time is written into that element, without
 * causing another render.
 */
export function useUpdateTimer<T extends HTMLElement>() {
  const outputRef = useRef<T>(null);
  const startedAt = useRef<number | null>(null);

  // No dependency list: runs after every render, once the DOM is updated.
  useLayoutEffect(() => {
    if (startedAt.current === null || !outputRef.current) return;
    outputRef.current.textContent = `${Math.round(performance.now() - startedAt.current)} ms`;
    startedAt.current = null;
  });

  function start() {
    startedAt.current = performance.now();
  }

  return [outputRef, start] as const;
}
