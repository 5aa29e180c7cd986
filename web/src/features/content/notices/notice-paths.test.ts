import { describe, expect, it } from 'vitest';
import { noticeFilters, noticePage, noticesHref } from './notice-paths';

describe("the editors' notice addresses", () => {
  it('names the page of each path, and nothing for an odd one', () => {
    expect(noticePage('/staff/notices')).toEqual({ name: 'list' });
    expect(noticePage('/staff/notices/new')).toEqual({ name: 'new' });
    expect(noticePage('/staff/notices/17')).toEqual({ name: 'edit', id: 17 });
    expect(noticePage('/staff/notices/17/history')).toEqual({ name: 'history', id: 17 });
    for (const odd of ['/staff/notices/0', '/staff/notices/-1', '/staff/notices/1e3', '/staff/notices/17/x', '/staff/notices/99999999999999999999']) {
      expect(noticePage(odd)).toEqual({ name: 'unknown' });
    }
  });

  it('keeps the search and page in the query, and reads them back', () => {
    expect(noticesHref({ q: 'exam timetable', page: 2 })).toBe('/staff/notices?q=exam+timetable&page=2');
    expect(noticesHref({ q: '', page: 1 })).toBe('/staff/notices');
    expect(noticeFilters('?q=exam+timetable&page=2')).toEqual({ q: 'exam timetable', page: 2 });
    expect(noticeFilters('?page=abc')).toEqual({ q: '', page: 1 });
  });
});
