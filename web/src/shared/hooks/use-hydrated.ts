import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true from then on
 * (and at once when a page is rendered by client-side navigation).
 *
 * Controls that only work with scripts are rendered disabled until this is
 * true: a click on a prerendered form before its code has arrived would
 * otherwise submit it natively, putting what was typed into the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
