import { describe, expect, it } from 'vitest';
import { STAFF_COURSES_PATH, STAFF_PAGES_PATH } from '../../shared/paths/staff';
import { sitePageHistoryHref, sitePageHref, sitePagePreviewHref, sitePageRoute } from './page-paths';

describe('the editors\' addresses of pages and courses', () => {
  it('name the list, an editor and a history, and nothing else', () => {
    expect(sitePageRoute(STAFF_PAGES_PATH, '/staff/pages')).toEqual({ name: 'list' });
    expect(sitePageRoute(STAFF_PAGES_PATH, '/staff/pages/')).toEqual({ name: 'list' });
    expect(sitePageRoute(STAFF_PAGES_PATH, sitePageHref(STAFF_PAGES_PATH, 'about'))).toEqual({ name: 'edit', slug: 'about' });
    expect(sitePageRoute(STAFF_PAGES_PATH, sitePageHistoryHref(STAFF_PAGES_PATH, 'contact'))).toEqual({ name: 'history', slug: 'contact' });
    expect(sitePageRoute(STAFF_COURSES_PATH, '/staff/courses/bca')).toEqual({ name: 'edit', slug: 'bca' });
    expect(sitePageRoute(STAFF_COURSES_PATH, '/staff/courses/b-com-2/history')).toEqual({ name: 'history', slug: 'b-com-2' });
    for (const odd of ['/staff/pages/About', '/staff/pages/about/x', '/staff/pages/about/history/1', '/staff/pages/a%2Fb']) {
      expect(sitePageRoute(STAFF_PAGES_PATH, odd), odd).toEqual({ name: 'unknown' });
    }
    expect(sitePagePreviewHref({ slug: 'home', path: '/' })).toBe('/?preview');
    expect(sitePagePreviewHref({ slug: 'about', path: '/about' })).toBe('/about?preview');
    expect(sitePagePreviewHref({ slug: 'footer', path: '/' })).toBe('/?preview=footer');
    expect(sitePagePreviewHref({ slug: 'bca', path: '/courses/bca' })).toBe('/courses/bca?preview');
    expect(sitePagePreviewHref({ slug: 'iqac', path: '/disclosure#iqac' })).toBe('/disclosure?preview#iqac');
  });
});
