import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Footer } from './footer';
import { Header } from './header';

/** The frame around every page: skip link, header, main content, footer. */
export function Shell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef<string | null>(null);

  // After an in-app navigation, start at the top with focus at the start of
  // the new page, as a full page load would. The first render (hydration,
  // which may use the prerendered path) is not a navigation.
  useEffect(() => {
    const now = window.location.pathname;
    const before = shownPath.current;
    shownPath.current = now;
    if (before === null || before === now) return;
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [location]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} ref={mainRef}>
        {children}
      </main>
      <Footer />
    </>
  );
}
