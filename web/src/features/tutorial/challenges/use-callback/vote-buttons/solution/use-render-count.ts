import { useEffect, useRef } from 'react';

/**
 * Counts the renders of the component that calls it. Attach the returned ref
 * to an element: after every render, the number of renders is written into it.
 */
export function useRenderCount<T extends HTMLElement>() {
  const renders = useRef(0);
  const output = useRef<T>(null);

  useEffect(() => {
    renders.current += 1;
    if (output.current) output.current.textContent = String(renders.current);
  });

  return output;
}
