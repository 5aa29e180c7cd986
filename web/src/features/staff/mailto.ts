/**
 * "Reply by email": a mailto: link that opens the staff member's own mail
 * program with the sender, a `Re:` subject and the message quoted.
 */
import { formatDateTime } from '../../shared/lib/dates';

/**
 * Mail programs (and Windows' handler above all) drop or cut mailto: links of
 * more than about 2,000 characters; a longer message is quoted up to here,
 * with a note that the rest is on the site.
 */
export const QUOTE_MAX = 1500;

interface Quoted {
  readonly name: string;
  readonly email: string;
  readonly subject: string;
  readonly message: string;
  readonly createdAt: number;
}

/** "Re: Admissions", and not "Re: Re: Admissions". */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/** The reply's body: "On <date>, <name> wrote:" then each line of the message after "> ". */
export function quotedBody({ name, message, createdAt }: Quoted): string {
  const text = message.replace(/\r\n?/g, '\n');
  const cut = text.length > QUOTE_MAX;
  const lines = (cut ? text.slice(0, QUOTE_MAX) : text).split('\n').map((line) => (line ? `> ${line}` : '>'));
  if (cut) lines.push('> […]');
  return ['', '', `On ${formatDateTime(createdAt)}, ${name} wrote:`, ...lines].join('\r\n');
}

/** RFC 6068: the address with `@` as it is, everything else percent-encoded; lines end in CRLF. */
export function replyMailto(quoted: Quoted): string {
  const to = encodeURIComponent(quoted.email).replace(/%40/g, '@');
  const subject = encodeURIComponent(replySubject(quoted.subject));
  const body = encodeURIComponent(quotedBody(quoted));
  return `mailto:${to}?subject=${subject}&body=${body}`;
}
