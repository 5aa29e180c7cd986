import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';

export function Footer() {
  const { footer } = college;
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-columns">
          {footer.columns.map((column) => {
            const headingId = `footer-${column.heading.toLowerCase()}`;
            return (
              <nav className="footer-column" key={column.heading} aria-labelledby={headingId}>
                <h2 id={headingId} className="footer-column__heading">
                  {column.heading}
                </h2>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.href}>
                      <AppLink href={link.href}>{link.label}</AppLink>
                    </li>
                  ))}
                </ul>
              </nav>
            );
          })}
        </div>
        <p className="copyright">
          {`Copyright © ${footer.copyrightYears} ${college.name}`}
        </p>
      </div>
    </footer>
  );
}
