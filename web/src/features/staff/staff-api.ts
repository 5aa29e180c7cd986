import { post, request } from '../../shared/lib/api-client';
import type { Paged } from '../../shared/staff/lists';
import type { Summary } from '../../shared/staff/staff-parts';
import { SUMMARY_PATH } from './new-messages';
import { apiQuery, type AuditFilters, type InboxFilters, type PeopleFilters } from './staff-query';

/**
 * The typed client of the office's API (`/api/staff/...`), kept in the staff
 * pages' own chunk. Every call is checked on the server: without the office or
 * admin role it answers 403 `not-office`, admin-only calls 403 `not-admin`.
 */

/** What the office did: a contact message is read, answered, archived; an enquiry's student contacted, called again on a day, enrolled, or it is closed. */
export type OfficeStatus = 'new' | 'read' | 'answered' | 'archived' | 'contacted' | 'follow-up' | 'enrolled' | 'closed';

/** What the mail of a message did, apart from what the office did with it. */
export interface MailState {
  readonly state: 'queued' | 'sent' | 'failed';
  readonly attempts: number;
  readonly nextAttemptAt: number | null;
  readonly sentAt: number | null;
  readonly lastError: string | null;
}

export interface MessageSummary {
  readonly id: number;
  readonly kind: 'message' | 'enquiry';
  readonly name: string;
  readonly email: string;
  readonly subject: string;
  readonly preview: string;
  readonly createdAt: number;
  readonly status: OfficeStatus;
  /** Every contact message has its mail; null is shown as "no mail" rather than breaking the page. */
  readonly mail: MailState | null;
  /** An enquiry's: its course (slug), phone (`+919876543210`), what the student studies, when to call, the day to call again. */
  readonly course: string | null;
  readonly phone: string | null;
  readonly currentStudy: string | null;
  readonly callTime: string | null;
  readonly followUpOn: string | null;
}

export interface Note {
  readonly id: number;
  readonly at: number;
  /** "Name <email>". */
  readonly author: string;
  readonly text: string;
}

export interface Message extends MessageSummary {
  /** The full text, as the sender wrote it. */
  readonly message: string;
  readonly statusChangedAt: number | null;
  /** "Name <email>". */
  readonly statusChangedBy: string | null;
  readonly notes: readonly Note[];
}

export interface Person {
  readonly id: string;
  readonly email: string;
  readonly displayName: string | null;
  readonly createdAt: number;
  readonly signIn: readonly string[];
  readonly emailVerified: boolean;
  /** Whether the account signs in in two steps. */
  readonly secondFactor: boolean;
  readonly lastActiveAt: number | null;
  readonly roles: readonly string[];
  /** The grievance committee's chairperson (one of its members). */
  readonly grievanceChair: boolean;
  readonly disabled: boolean;
  readonly disabledAt: number | null;
  readonly classesTaught: number;
  readonly classesJoined: number;
}

export interface PersonDetail extends Person {
  readonly classes: {
    readonly taught: readonly { readonly id: string; readonly name: string }[];
    readonly joined: readonly { readonly id: string; readonly name: string; readonly teacher?: string | null }[];
  };
}

export interface AuditEntry {
  readonly id: number;
  readonly at: number;
  /** "Name <email>", or "command line". */
  readonly actor: string;
  readonly action: string;
  /** In words: "teacher for asha@example.com". */
  readonly target: string;
  readonly ip: string | null;
}

export interface MailHealth {
  readonly mailer: string;
  readonly waiting: number;
  readonly oldestWaitingAt: number | null;
  readonly sentToday: number;
  readonly failedToday: number;
  readonly failedTotal: number;
  readonly lastError: { readonly at: number; readonly error: string } | null;
}

export interface TestMailResult {
  readonly sent: boolean;
  readonly to: string;
  readonly error?: string;
}

export type Role = 'teacher' | 'office' | 'admin' | 'editor' | 'grievance-committee';

const STAFF = '/api/staff';
const messagePath = (id: number | string) => `${STAFF}/messages/${encodeURIComponent(String(id))}`;
const personPath = (id: string) => `${STAFF}/people/${encodeURIComponent(id)}`;

type MessageAnswer = { readonly message: Message };
type PersonAnswer = { readonly person: Person };
const messageOf = ({ message }: MessageAnswer) => message;
const personOf = ({ person }: PersonAnswer) => person;

export const staffApi = {
  summary: () => request<Summary>(SUMMARY_PATH),
  messages: (filters: InboxFilters) =>
    request<Paged & { readonly messages: readonly MessageSummary[]; readonly courses: readonly string[] }>(
      `${STAFF}/messages${apiQuery(filters)}`,
    ),
  /** Where the list as filtered downloads as CSV (every page of it). */
  csvHref: (filters: InboxFilters) => `${STAFF}/messages.csv${apiQuery({ ...filters, page: 1 })}`,
  message: (id: string) => request<MessageAnswer>(messagePath(id)).then(messageOf),
  setStatus: (id: number, status: OfficeStatus, followUpOn?: string) =>
    post<MessageAnswer>(`${messagePath(id)}/status`, { status, followUpOn }).then(messageOf),
  addNote: (id: number, text: string) => post<MessageAnswer>(`${messagePath(id)}/notes`, { text }).then(messageOf),
  resend: (id: number) => post<MessageAnswer>(`${messagePath(id)}/resend`, {}).then(messageOf),

  confirm: (password: string, code?: string) =>
    post<{ readonly confirmedUntil: number }>(`${STAFF}/confirm`, { password, code }),
  people: (filters: PeopleFilters) =>
    request<Paged & { readonly people: readonly Person[] }>(`${STAFF}/people${apiQuery(filters)}`),
  person: (id: string) => request<{ readonly person: PersonDetail }>(personPath(id)).then(({ person }) => person),
  setRole: (id: string, role: Role, grant: boolean) => post<PersonAnswer>(`${personPath(id)}/roles`, { role, grant }).then(personOf),
  setGrievanceChair: (id: string, chair: boolean) => post<PersonAnswer>(`${personPath(id)}/grievance-chair`, { chair }).then(personOf),
  signOut: (id: string) => post<PersonAnswer & { readonly sessionsEnded: number }>(`${personPath(id)}/sign-out`, {}),
  disable: (id: string) => post<PersonAnswer>(`${personPath(id)}/disable`, {}).then(personOf),
  /** Turns off a colleague's two-step sign-in (a lost phone): they are signed out and mailed. */
  resetSecondFactor: (id: string) => post<PersonAnswer>(`${personPath(id)}/second-factor/reset`, {}).then(personOf),
  enable: (id: string) => post<PersonAnswer>(`${personPath(id)}/enable`, {}).then(personOf),

  audit: (filters: AuditFilters) =>
    request<Paged & { readonly entries: readonly AuditEntry[]; readonly actions: readonly string[] }>(
      `${STAFF}/audit${apiQuery(filters)}`,
    ),
  mailHealth: () => request<MailHealth>(`${STAFF}/mail-health`),
  testMail: () => post<TestMailResult>(`${STAFF}/mail-health/test`, {}),
};
