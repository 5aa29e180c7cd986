import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { DISCLOSURE_PATH, SEARCH_PATH } from '../../shared/paths/notices';
import { editMark } from '../../shared/lib/page-text';
import { footerText, type FooterLink } from './footer-text';

/** A link of the footer: inside the app for one of its pages, a plain link elsewhere. */
function FooterLinkItem({ link }: { link: FooterLink }) {
  return link.href.startsWith('/') ? <AppLink href={link.href}>{link.label}</AppLink> : <a href={link.href}>{link.label}</a>;
}

/**
 * The footer every page ends with, as the office published it: the server puts its text into
 * every page at the marked places (content/pages/site_wide.rs), and the app draws the same.
 * The links to the mandatory disclosure and to the search are not the office's to remove: the
 * regulator asks for both on every page.
 */
export function Footer() {
  const { columns, copyrightYears } = footerText();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-columns">
          {columns.map((column, index) => {
            const headingId = `footer-column-${index}`;
            return (
              <nav className="footer-column" key={index} aria-labelledby={headingId}>
                <h2 id={headingId} className="footer-column__heading" {...editMark('footer', `columns.${index}.heading`)}>
                  {column.heading}
                </h2>
                <ul {...editMark('footer', `columns.${index}.links`)}>
                  {column.links.map((link, position) => (
                    <li key={position}>
                      <FooterLinkItem link={link} />
                    </li>
                  ))}
                </ul>
              </nav>
            );
          })}
        </div>
        <p className="copyright">
          Copyright © <span {...editMark('footer', 'copyrightYears')}>{copyrightYears}</span> {college.name}
          <span aria-hidden="true"> · </span>
          <AppLink href={DISCLOSURE_PATH}>Mandatory disclosure</AppLink>
          <span aria-hidden="true"> · </span>
          <AppLink href={SEARCH_PATH}>Search the site</AppLink>
        </p>
      </div>
    </footer>
  );
}
