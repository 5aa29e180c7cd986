import { describe, expect, it } from 'vitest';
import { STAFF_COURSES_PATH, STAFF_PAGES_PATH } from '../../../shared/paths/staff-rooms';
import { itemHistoryHref, itemHref, itemPreviewHref, itemRoute } from './item-paths';

describe('the editors\' addresses of pages and courses', () => {
  it('name the list, an editor and a history, and nothing else', () => {
    expect(itemRoute(STAFF_PAGES_PATH, '/staff/pages')).toEqual({ name: 'list' });
    expect(itemRoute(STAFF_PAGES_PATH, '/staff/pages/')).toEqual({ name: 'list' });
    expect(itemRoute(STAFF_PAGES_PATH, itemHref(STAFF_PAGES_PATH, 'about'))).toEqual({ name: 'edit', slug: 'about' });
    expect(itemRoute(STAFF_PAGES_PATH, itemHistoryHref(STAFF_PAGES_PATH, 'contact'))).toEqual({ name: 'history', slug: 'contact' });
    expect(itemRoute(STAFF_COURSES_PATH, '/staff/courses/bca')).toEqual({ name: 'edit', slug: 'bca' });
    expect(itemRoute(STAFF_COURSES_PATH, '/staff/courses/b-com-2/history')).toEqual({ name: 'history', slug: 'b-com-2' });
    for (const odd of ['/staff/pages/About', '/staff/pages/about/x', '/staff/pages/about/history/1', '/staff/pages/a%2Fb']) {
      expect(itemRoute(STAFF_PAGES_PATH, odd), odd).toEqual({ name: 'unknown' });
    }
    expect(itemPreviewHref({ slug: 'home', path: '/' })).toBe('/?preview');
    expect(itemPreviewHref({ slug: 'about', path: '/about' })).toBe('/about?preview');
    expect(itemPreviewHref({ slug: 'footer', path: '/' })).toBe('/?preview=footer');
    expect(itemPreviewHref({ slug: 'bca', path: '/courses/bca' })).toBe('/courses/bca?preview');
    expect(itemPreviewHref({ slug: 'iqac', path: '/disclosure#iqac' })).toBe('/disclosure?preview#iqac');
  });
});
