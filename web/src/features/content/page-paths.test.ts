import { describe, expect, it } from 'vitest';
import { sitePageHistoryHref, sitePageHref, sitePagePreviewHref, sitePageRoute } from './page-paths';

describe('the editors’ page addresses', () => {
  it('name the list, a page and its history, and nothing else', () => {
    expect(sitePageRoute('/staff/pages')).toEqual({ name: 'list' });
    expect(sitePageRoute('/staff/pages/')).toEqual({ name: 'list' });
    expect(sitePageRoute(sitePageHref('about'))).toEqual({ name: 'edit', slug: 'about' });
    expect(sitePageRoute(sitePageHistoryHref('contact'))).toEqual({ name: 'history', slug: 'contact' });
    for (const odd of ['/staff/pages/About', '/staff/pages/..', '/staff/pages/about/history/2', '/staff/pages/a%20b']) {
      expect(sitePageRoute(odd), odd).toEqual({ name: 'unknown' });
    }
    expect(sitePagePreviewHref({ slug: 'home', path: '/' })).toBe('/?preview');
    expect(sitePagePreviewHref({ slug: 'about', path: '/about' })).toBe('/about?preview');
    expect(sitePagePreviewHref({ slug: 'footer', path: '/' })).toBe('/?preview=footer');
  });
});
