import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useHydrated } from '../../../shared/hooks/use-hydrated';

const SearchDialog = lazy(() => import('./search-dialog'));

/** True when a key typed now would go into a text field (where `/` is just a slash). */
function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.matches('input, textarea, select, [contenteditable]');
}

/**
 * The tutorial's search: this button, `/` (outside text fields) or Ctrl+K
 * (⌘K on a Mac) open it. The dialog and the index load on first use.
 */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const [, navigate] = useLocation();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingInField(event.target);
      const ctrlK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
      if (!slash && !ctrlK) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // Focus comes back to the button once the dialog has gone (while it is open, the rest of the page is inert).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = () => setOpen(false);

  return (
    <>
      <button
        type="button"
        className="tutorial-search-button"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
        ref={button}
      >
        Search the tutorial <kbd aria-hidden="true">/</kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={close} navigate={navigate} />
        </Suspense>
      )}
    </>
  );
}
