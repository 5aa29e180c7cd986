import { describe, expect, it } from 'vitest';
import { inboxFilters } from './staff-query';
import { inboxHref, messageHref, staffView } from './staff-views';

describe('staff pages by path', () => {
  it('finds each page', () => {
    expect(staffView('/staff')).toEqual({ name: 'inbox', adminOnly: false });
    expect(staffView('/staff/')).toEqual({ name: 'inbox', adminOnly: false });
    expect(staffView('/staff/messages/17')).toEqual({ name: 'message', id: '17', adminOnly: false });
    expect(staffView('/staff/people')).toEqual({ name: 'people', adminOnly: true });
    expect(staffView('/staff/people/0b7c-11')).toEqual({ name: 'person', id: '0b7c-11', adminOnly: true });
    expect(staffView('/staff/audit')).toEqual({ name: 'audit', adminOnly: true });
    expect(staffView('/staff/mail/')).toEqual({ name: 'mail', adminOnly: true });
  });

  it('knows no other page', () => {
    for (const path of ['/staff/messages', '/staff/messages/1/2', '/staff/audit/x', '/staff/nope', '/staff/mail/1']) {
      expect(staffView(path).name, path).toBe('unknown');
    }
  });

  it('keeps the inbox filters on the way to a message and back', () => {
    const filters = inboxFilters('?q=fees&mail=failed&page=2');
    const href = messageHref(17, filters);
    expect(href).toBe('/staff/messages/17?q=fees&mail=failed&page=2');
    expect(inboxHref(inboxFilters(href.slice(href.indexOf('?'))))).toBe('/staff?q=fees&mail=failed&page=2');
  });
});
