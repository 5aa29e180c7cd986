import { useEffect } from 'react';

export const LEAVE_QUESTION = 'You have changes that are not saved. Leave this page and lose them?';

/**
 * While `dirty`, asks before the page is left: the browser's own question on a
 * reload, a closed tab or another site, and ours on a link inside the app
 * (caught before the router sees the click).
 */
export function useUnsavedGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    // Set once the editor has said yes to leaving by a link: a link that loads a whole page
    // must not ask a second time.
    let agreed = false;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (agreed) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      if (link.origin !== window.location.origin || link.href === window.location.href) return;
      if (window.confirm(LEAVE_QUESTION)) {
        agreed = true;
      } else {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);
}
