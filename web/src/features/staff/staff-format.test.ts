import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/lib/dates';
import { countOf, pageCount, showingRange } from '../../shared/staff/lists';
import { actionLabel, failedMailText, mailLabel, rolesLabel, signInLabel } from './staff-format';

describe('staff figures in words', () => {
  it('says which rows a page shows', () => {
    expect(showingRange({ total: 1234, page: 1, pageSize: 50 }, 50)).toBe('Showing 1–50 of 1,234');
    expect(showingRange({ total: 1234, page: 25, pageSize: 50 }, 34)).toBe('Showing 1,201–1,234 of 1,234');
    expect(showingRange({ total: 0, page: 1, pageSize: 50 }, 0)).toBeNull();
  });

  it('counts the pages, one at least', () => {
    expect(pageCount({ total: 0, page: 1, pageSize: 50 })).toBe(1);
    expect(pageCount({ total: 50, page: 1, pageSize: 50 })).toBe(1);
    expect(pageCount({ total: 51, page: 1, pageSize: 50 })).toBe(2);
  });

  it('counts things in the singular and the plural', () => {
    expect(countOf(1, 'attempt')).toBe('1 attempt');
    expect(countOf(12000, 'person', 'people')).toBe('12,000 people');
    expect(failedMailText(1)).toBe('1 message could not be delivered by mail.');
    expect(failedMailText(3)).toBe('3 messages could not be delivered by mail.');
  });

  it("puts a message's mail into words", () => {
    const at = Date.UTC(2026, 0, 15, 8, 35);
    const base = { attempts: 0, nextAttemptAt: null, sentAt: null, lastError: null };
    expect(mailLabel({ ...base, state: 'queued', attempts: 1, nextAttemptAt: at })).toBe(`Mail queued, next attempt ${formatDateTime(at)}`);
    expect(mailLabel({ ...base, state: 'sent', attempts: 1, sentAt: at })).toBe(`Mail sent ${formatDateTime(at)}`);
    expect(mailLabel({ ...base, state: 'failed', attempts: 5, lastError: 'SMTP: refused' })).toBe('Mail failed after 5 attempts');
  });

  it('names sign-in methods, roles and audit actions', () => {
    expect(signInLabel(['password', 'google'])).toBe('Password and Google');
    expect(signInLabel([])).toBe('None');
    expect(rolesLabel(['teacher', 'admin'])).toBe('Teacher, Administrator');
    expect(rolesLabel([])).toBe('None');
    expect(actionLabel('account-signed-out')).toBe('Account signed out');
  });
});
