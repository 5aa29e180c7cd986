import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { COURSES_PATH, DISCLOSURE_PATH, NOTICES_PATH, PEOPLE_PATH } from '../paths/notices';

interface AppLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-current'?: 'page';
  onClick?: () => void;
}

/**
 * An internal link. Plain paths navigate inside the app; links with a
 * fragment are ordinary anchors so the browser scrolls to the target, and so
 * are links to the pages the server renders with the office's text (Home, About,
 * Contact, the notices, the courses, the disclosure, the people), which load from it (a plain page load is never wrong,
 * only slower, for a path that merely starts so).
 */
/** The site's pages whose text the office edits (content/pages.ts), and the disclosure. */
const SERVER_PAGES = new Set(['/', '/about', '/contact', DISCLOSURE_PATH]);

/** Below these, every page is the server's. */
const SERVER_PREFIXES = [NOTICES_PATH, COURSES_PATH, PEOPLE_PATH];

export function AppLink({ href, children, ...rest }: AppLinkProps) {
  if (SERVER_PAGES.has(href) || href.includes('#') || SERVER_PREFIXES.some((prefix) => href.startsWith(prefix))) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} {...rest}>
      {children}
    </Link>
  );
}
