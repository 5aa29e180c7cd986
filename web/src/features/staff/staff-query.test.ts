import { describe, expect, it } from 'vitest';
import { atPage, auditFilters, inboxFilters, peopleFilters, queryOf } from './staff-query';

describe('inbox filters in the address', () => {
  it('reads the defaults from an empty query', () => {
    expect(inboxFilters('')).toEqual({ q: '', status: 'open', mail: 'any', kind: 'all', course: '', from: '', to: '', due: '', page: 1 });
  });

  it('reads each filter, with or without the ?', () => {
    expect(inboxFilters('?q=Asha%20K&status=archived&mail=failed&page=3')).toEqual({
      q: 'Asha K',
      status: 'archived',
      mail: 'failed',
      kind: 'all',
      course: '',
      from: '',
      to: '',
      due: '',
      page: 3,
    });
    expect(inboxFilters('?kind=enquiry&course=bca&status=follow-up&from=2026-11-01&to=2026-11-30&due=today')).toMatchObject({
      kind: 'enquiry',
      course: 'bca',
      status: 'follow-up',
      from: '2026-11-01',
      to: '2026-11-30',
      due: 'today',
    });
    expect(inboxFilters('status=all&mail=queued')).toMatchObject({ status: 'all', mail: 'queued' });
  });

  it('reads odd values as the defaults', () => {
    for (const search of ['?status=deleted', '?status=ALL', '?mail=lost', '?page=0', '?page=-2', '?page=2.5', '?page=abc', '?page=99999999', '?kind=letter', '?course=../x', '?from=1%20Nov', '?due=tomorrow']) {
      expect(inboxFilters(search), search).toEqual({ q: '', status: 'open', mail: 'any', kind: 'all', course: '', from: '', to: '', due: '', page: 1 });
    }
  });

  it('caps the search at 200 characters, as the server does', () => {
    expect(inboxFilters(`?q=${'x'.repeat(250)}`).q).toHaveLength(200);
  });

  it('writes only what is not the default, and reads back what it wrote', () => {
    expect(queryOf({ q: '', status: 'open', mail: 'any', kind: 'all', course: '', from: '', to: '', due: '', page: 1 })).toBe('');
    const filters = { q: 'fees & dates?', status: 'answered', mail: 'failed', kind: 'all', course: '', from: '', to: '', due: '', page: 2 } as const;
    const query = queryOf(filters);
    expect(query).toBe('?q=fees+%26+dates%3F&status=answered&mail=failed&page=2');
    expect(inboxFilters(query)).toEqual(filters);
  });

  it('moves to another page, keeping the rest', () => {
    expect(queryOf(atPage(inboxFilters('?mail=failed&page=4'), 1))).toBe('?mail=failed');
  });
});

describe('people and audit filters', () => {
  it('round-trip through the address', () => {
    const people = { q: 'asha@example.com', page: 7 };
    expect(peopleFilters(queryOf(people))).toEqual(people);
    const audit = { actor: 'Admin@Example.com', action: 'role-granted', page: 2 };
    expect(auditFilters(queryOf(audit))).toEqual(audit);
    expect(auditFilters('')).toEqual({ actor: '', action: '', page: 1 });
  });

  it('trims the person searched for in the audit log', () => {
    expect(auditFilters('?actor=%20a%40b.c%20').actor).toBe('a@b.c');
  });
});
