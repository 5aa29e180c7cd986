import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { isServerRenderedPath } from '../paths/notices';

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
 * are links to pages the server renders (the notices), which load from it.
 */
export function AppLink({ href, children, ...rest }: AppLinkProps) {
  if (href.includes('#') || isServerRenderedPath(href)) {
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
