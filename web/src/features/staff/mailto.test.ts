import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/lib/dates';
import { QUOTE_MAX, quotedBody, replyMailto, replySubject } from './mailto';

const AT = Date.UTC(2026, 0, 15, 8, 35);
const message = {
  name: 'Asha Rao',
  email: 'asha+fees@example.com',
  subject: 'Fees & dates?',
  message: 'Hello,\r\nWhen is the fee due?\n\nThanks',
  createdAt: AT,
};

describe('reply by email', () => {
  it('answers with Re: once', () => {
    expect(replySubject('Admissions')).toBe('Re: Admissions');
    expect(replySubject('RE: Admissions')).toBe('RE: Admissions');
    expect(replySubject('  Hostel ')).toBe('Re: Hostel');
  });

  it('quotes every line after who wrote it and when', () => {
    expect(quotedBody(message).split('\r\n')).toEqual([
      '',
      '',
      `On ${formatDateTime(AT)}, Asha Rao wrote:`,
      '> Hello,',
      '> When is the fee due?',
      '>',
      '> Thanks',
    ]);
  });

  it('quotes a long message up to the limit, and says it was cut', () => {
    const long = quotedBody({ ...message, message: 'x'.repeat(QUOTE_MAX + 500) });
    expect(long).toContain(`> ${'x'.repeat(QUOTE_MAX)}\r\n> […]`);
    expect(long).not.toContain('x'.repeat(QUOTE_MAX + 1));
  });

  it('builds a mailto: link that a mail program reads back as written', () => {
    const link = replyMailto(message);
    const url = new URL(link);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('asha+fees@example.com');
    expect(link.startsWith('mailto:asha%2Bfees@example.com?')).toBe(true);
    // `&` and `?` in the subject stay inside it.
    const params = new URLSearchParams(url.search);
    expect([...params.keys()]).toEqual(['subject', 'body']);
    expect(params.get('subject')).toBe('Re: Fees & dates?');
    expect(params.get('body')).toBe(quotedBody(message));
    // Spaces as %20, not +, which mail programs would show as it is.
    expect(link).not.toContain('+');
  });
});
