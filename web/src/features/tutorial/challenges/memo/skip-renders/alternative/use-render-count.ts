import { useEffect, useRef } from 'react';

/**
 * Counts the renders of the component that calls it. The count lives in a
 * ref, so changing it never causes a render; an effect with no dependency
 * list runs after every render and writes the number into the element that
 * the returned ref is attached to.
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
