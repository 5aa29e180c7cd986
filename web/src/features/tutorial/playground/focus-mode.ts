import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

/** The class on <html> while a demo fills the window: the lesson behind it does not scroll. */
const PAGE_CLASS = 'playground-focus-open';

/** Everything in the region that Tab can reach, in order (the traps themselves excepted). */
const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), iframe, [tabindex]:not([tabindex="-1"])';

/** Ctrl+Shift+Enter (Cmd on a Mac): not taken by the editor (Ctrl+Enter runs) nor by any browser. */
export function isFocusShortcut(event: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  return event.key === 'Enter' && event.shiftKey && (event.ctrlKey || event.metaKey) && !event.altKey;
}

/** Makes everything on the page outside `region` inert; answers what it changed, to undo it. */
function makeOutsideInert(region: HTMLElement): HTMLElement[] {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement = region; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling !== node && sibling instanceof HTMLElement && !sibling.inert) {
        sibling.inert = true;
        changed.push(sibling);
      }
    }
  }
  return changed;
}

function tabbables(region: HTMLElement): HTMLElement[] {
  return [...region.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => !element.dataset.focusTrap && !element.closest('fieldset:disabled') && element.getClientRects().length > 0,
  );
}

interface FocusState {
  /** The demo's height in the lesson, kept open there while it fills the window. */
  readonly height: number;
  readonly scrollY: number;
}

/**
 * Focus mode: the open demo (its tabs, code, result and checks) fills the
 * window as a modal dialog; the lesson behind it is inert and does not
 * scroll. Leaving brings the lesson back where it was, with the keyboard on
 * the Focus button when it was left with Esc or the button.
 */
export function useFocusMode() {
  const region = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<FocusState>();
  const [announcement, setAnnouncement] = useState('');
  /** Where to take the page back to once the demo is back in the lesson. */
  const restore = useRef<{ scrollY: number; focusButton: boolean }>(undefined);

  const enter = () => {
    const element = region.current;
    if (!element) return;
    setState({ height: element.getBoundingClientRect().height, scrollY: window.scrollY });
    setAnnouncement('Focus mode on: the demo fills the window. Esc or Leave focus returns to the lesson.');
  };

  const leave = useCallback(
    (focusButton: boolean) => {
      if (!state) return;
      restore.current = { scrollY: state.scrollY, focusButton };
      setState(undefined);
      setAnnouncement('Focus mode off.');
    },
    [state],
  );

  useLayoutEffect(() => {
    if (state) {
      const inert = makeOutsideInert(region.current!);
      document.documentElement.classList.add(PAGE_CLASS);
      return () => {
        for (const element of inert) element.inert = false;
        document.documentElement.classList.remove(PAGE_CLASS);
      };
    }
    const back = restore.current;
    restore.current = undefined;
    if (!back) return;
    window.scrollTo({ top: back.scrollY, behavior: 'instant' });
    if (back.focusButton) button.current?.focus({ preventScroll: true });
  }, [state]);

  /** The Focus button: leaving puts the keyboard back on it. */
  const toggle = () => (state ? leave(true) : enter());
  /** The shortcut: the keyboard stays where it is (in the editor, say). */
  const toggleInPlace = () => (state ? leave(false) : enter());

  /** The shortcut anywhere in the demo turns focus mode on. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (!state && isFocusShortcut(event)) {
      event.preventDefault();
      enter();
    }
  };

  // In focus mode, the keys are heard wherever the keyboard is: the editor's Esc blurs it (then Tab
  // moves on from there), and a second Esc, from the page, leaves. Esc in the editor is the
  // editor's own (its way out for the Tab key), so it does not leave.
  useEffect(() => {
    if (!state) return;
    const onPageKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const inEditor = event.target instanceof Element && event.target.closest('.playground__editor');
      if (isFocusShortcut(event) || (event.key === 'Escape' && !inEditor)) {
        event.preventDefault();
        leave(event.key === 'Escape');
      }
    };
    document.addEventListener('keydown', onPageKeyDown);
    return () => document.removeEventListener('keydown', onPageKeyDown);
  }, [state, leave]);

  /** Keeps Tab inside the region: from its last stop to its first, and back with Shift+Tab. */
  const wrapFocus = (toFirst: boolean) => {
    const stops = tabbables(region.current!);
    (toFirst ? stops[0] : stops.at(-1))?.focus();
  };

  return { region, button, on: state !== undefined, placeholderHeight: state?.height, announcement, toggle, toggleInPlace, onKeyDown, wrapFocus };
}
