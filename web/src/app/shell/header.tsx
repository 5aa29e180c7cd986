import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { college } from '../../content/college';
import { HeaderAccount } from './header-account';
import { AppLink } from '../../shared/components/app-link';
import { normalizePath } from '../../shared/lib/paths';

function MenuIcon() {
  return (
    <svg className="menu-button__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/**
 * Site header. On narrow screens the navigation folds behind a menu button,
 * but only once scripts run (the `js` class on <html>), so it is never out of
 * reach without them.
 */
export function Header() {
  const [location] = useLocation();
  const current = normalizePath(location);
  // The menu stays open only on the page where it was opened, so any
  // navigation (a link, the back button) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const setOpen = (value: boolean) => setOpenAt(value ? location : null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const toggle = () => setOpen(!open);

  // A link to the page already shown does not navigate, but should still close.
  const onPanelClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <header className="site-header" onKeyDown={onKeyDown}>
      <div className="container site-header__inner">
        <AppLink href="/" className="brand">
          {college.name}
        </AppLink>
        <button
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={toggle}
          ref={buttonRef}
        >
          <MenuIcon />
          Menu
        </button>
        <div className="site-nav" id="site-nav" data-open={open} ref={panelRef} onClick={onPanelClick}>
          <nav aria-label="Main">
            <ul className="site-nav__list">
              {college.nav.map((item) => (
                <li key={item.href}>
                  <AppLink
                    href={item.href}
                    className="site-nav__link"
                    aria-current={current === item.href ? 'page' : undefined}
                  >
                    {item.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="header-account">
            <HeaderAccount />
          </div>
        </div>
      </div>
    </header>
  );
}
