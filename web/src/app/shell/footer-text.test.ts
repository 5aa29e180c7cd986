import { describe, expect, it } from 'vitest';
import { college } from '../../content/college';
import { footerLinks, footerText } from './footer-text';

describe('the footer text', () => {
  it('reads a column of links as the server does', () => {
    expect(footerLinks('Notices | /notices\n\n  Find us|/contact#visit \nnot a link\n | /empty')).toEqual([
      { label: 'Notices', href: '/notices' },
      { label: 'Find us', href: '/contact#visit' },
    ]);
    // The last bar divides: words may hold one.
    expect(footerLinks('Fees | refunds | /about#fees')).toEqual([{ label: 'Fees | refunds', href: '/about#fees' }]);
  });

  it('starts as the build wrote it', () => {
    const { columns, copyrightYears } = footerText();
    expect(columns.map((column) => column.heading)).toEqual(college.footer.columns.map((column) => column.heading));
    expect(columns[1]?.links).toEqual(college.footer.columns[1]?.links);
    expect(copyrightYears).toBe(college.footer.copyrightYears);
  });
});
