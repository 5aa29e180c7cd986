/** How the staff pages put their figures, states and dates into words (text, never colour alone). */
import { formatDateTime } from '../../shared/lib/dates';
import { countOf, formatCount } from '../../shared/staff/lists';
import type { MailState, MessageSummary, OfficeStatus } from './staff-api';

export const STATUS_LABELS: Readonly<Record<OfficeStatus, string>> = {
  new: 'New',
  read: 'Read',
  answered: 'Answered',
  archived: 'Archived',
  contacted: 'Contacted',
  'follow-up': 'Call again',
  enrolled: 'Enrolled',
  closed: 'Closed',
};

/** A course's slug as the office says it: `bca` is BCA. */
export const courseName = (slug: string) => slug.toUpperCase();

/** How to reach the sender: `<email>`, an enquiry's phone, or both. */
export function contactOf(message: Pick<MessageSummary, 'email' | 'phone'>): string {
  return [message.phone, message.email && `<${message.email}>`].filter(Boolean).join(' ');
}

/** A day the office chose (`2026-12-01`) as people read it: "1 December 2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** What the mail of a message did, in a few words for the list. */
export function mailLabel(mail: MailState): string {
  switch (mail.state) {
    case 'queued':
      return mail.nextAttemptAt === null ? 'Mail queued' : `Mail queued, next attempt ${formatDateTime(mail.nextAttemptAt)}`;
    case 'sent':
      return mail.sentAt === null ? 'Mail sent' : `Mail sent ${formatDateTime(mail.sentAt)}`;
    case 'failed':
      return `Mail failed after ${countOf(mail.attempts, 'attempt')}`;
  }
}

/** The banner's words: "3 messages could not be delivered by mail." */
export function failedMailText(count: number): string {
  return count === 1 ? '1 message could not be delivered by mail.' : `${formatCount(count)} messages could not be delivered by mail.`;
}

/** How a person signs in, in words: "Password and Google". */
export function signInLabel(methods: readonly string[]): string {
  const words = methods.map((method) => (method === 'google' ? 'Google' : method === 'password' ? 'Password' : method));
  if (words.length === 0) return 'None';
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** A role's name as the pages show it. */
export const ROLE_LABELS: Readonly<Record<string, string>> = {
  teacher: 'Teacher',
  office: 'Office',
  admin: 'Administrator',
  editor: 'Editor',
  'grievance-committee': 'Grievance committee member',
};

export function rolesLabel(roles: readonly string[]): string {
  return roles.length === 0 ? 'None' : roles.map((role) => ROLE_LABELS[role] ?? role).join(', ');
}

/** An audit action's name in words: "role-granted" -> "Role granted". */
export function actionLabel(action: string): string {
  const words = action.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A date that may be missing: "Never" (or what `none` says) when it is. */
export const dateOrNever = (ms: number | null, none = 'Never') => (ms === null ? none : formatDateTime(ms));
