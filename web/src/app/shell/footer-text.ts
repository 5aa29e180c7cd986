import { pageText } from '../../shared/lib/page-text';
import { startingFooterText } from '../../content/pages';

export interface FooterLink {
  readonly label: string;
  readonly href: string;
}

export interface FooterColumnText {
  readonly heading: string;
  readonly links: readonly FooterLink[];
}

/** The footer's three columns. */
const COLUMNS = [0, 1, 2] as const;

/**
 * A column's links as the office writes them, one per line: the words, a bar, and where the
 * link leads (`Notices | /notices`). The server checked them when they were saved and draws
 * the same list into every page (content/pages/links.rs), or hydration would differ; a line
 * that is not a link is left out, as there.
 */
export function footerLinks(text: string): FooterLink[] {
  return text.split('\n').flatMap((line) => {
    const bar = line.lastIndexOf('|');
    if (bar < 0) return [];
    const label = line.slice(0, bar).trim();
    const href = line.slice(bar + 1).trim();
    return label && href ? [{ label, href }] : [];
  });
}

/** The footer as published (the build's text until the server says otherwise). */
export function footerText(): { columns: FooterColumnText[]; copyrightYears: string } {
  const text: Record<string, string> = pageText('footer', startingFooterText());
  return {
    columns: COLUMNS.map((index) => ({
      heading: text[`columns.${index}.heading`] ?? '',
      links: footerLinks(text[`columns.${index}.links`] ?? ''),
    })),
    copyrightYears: text.copyrightYears ?? '',
  };
}
