/**
 * The staff lists' filters, as the page's address keeps them (so reload and
 * Back show the same list) and as the API reads them: the same names, and the
 * same defaults, which neither writes out.
 */

export const STATUS_FILTERS = [
  'open',
  'new',
  'read',
  'answered',
  'archived',
  'contacted',
  'follow-up',
  'enrolled',
  'closed',
  'all',
] as const;
export const MAIL_FILTERS = ['any', 'queued', 'sent', 'failed'] as const;
export const KIND_FILTERS = ['all', 'message', 'enquiry'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type MailFilter = (typeof MAIL_FILTERS)[number];
export type KindFilter = (typeof KIND_FILTERS)[number];

export interface InboxFilters {
  readonly q: string;
  readonly status: StatusFilter;
  readonly mail: MailFilter;
  /** Contact messages, enquiries, or both. */
  readonly kind: KindFilter;
  /** An enquiry's course by slug, or '' for every course. */
  readonly course: string;
  /** Sent on or after, on or before (`2026-11-27`), or ''. */
  readonly from: string;
  readonly to: string;
  /** 'today': only the calls due today or before. */
  readonly due: '' | 'today';
  readonly page: number;
}

export interface PeopleFilters {
  readonly q: string;
  readonly page: number;
}

export interface AuditFilters {
  /** An email, matched exactly (any case) by the server. */
  readonly actor: string;
  /** An action's name, or '' for every action. */
  readonly action: string;
  readonly page: number;
}

/** As the server caps a search. */
export const QUERY_MAX = 200;
/** Beyond any real list: a longer number in the address is a typo, and page 1 is shown. */
const PAGE_MAX = 1_000_000;

const DEFAULTS: Readonly<Record<string, string | number>> = {
  q: '',
  status: 'open',
  mail: 'any',
  kind: 'all',
  course: '',
  from: '',
  to: '',
  due: '',
  page: 1,
  actor: '',
  action: '',
};

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((item) => item === value) ?? fallback;
}

function text(value: string | null): string {
  return (value ?? '').slice(0, QUERY_MAX);
}

function pageOf(value: string | null): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= PAGE_MAX ? page : 1;
}

/** The inbox's filters in `search` (`?q=…&status=…`); anything odd reads as the default. */
export function inboxFilters(search: string): InboxFilters {
  const params = new URLSearchParams(search);
  return {
    q: text(params.get('q')),
    status: oneOf(params.get('status'), STATUS_FILTERS, 'open'),
    mail: oneOf(params.get('mail'), MAIL_FILTERS, 'any'),
    kind: oneOf(params.get('kind'), KIND_FILTERS, 'all'),
    course: /^[a-z0-9-]{1,80}$/.test(params.get('course') ?? '') ? params.get('course')! : '',
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
    due: params.get('due') === 'today' ? 'today' : '',
    page: pageOf(params.get('page')),
  };
}

/** A day as a date field holds it (`2026-11-27`), or '' for anything else. */
function dayOf(value: string | null): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

export function peopleFilters(search: string): PeopleFilters {
  const params = new URLSearchParams(search);
  return { q: text(params.get('q')), page: pageOf(params.get('page')) };
}

/** The audit log's filters; the action is checked against the server's list when it answers. */
export function auditFilters(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  return { actor: text(params.get('actor')).trim(), action: text(params.get('action')), page: pageOf(params.get('page')) };
}

/**
 * The query string of `filters` (with its `?`), leaving out what is the
 * default: '' when nothing is set. Used for the page's address and the API's.
 */
export function queryOf(filters: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters) as [string, unknown][]) {
    if ((typeof value === 'string' || typeof value === 'number') && value !== DEFAULTS[key]) {
      params.set(key, String(value));
    }
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The API's query for `filters`: the same as the page's (the server has the same defaults). */
export const apiQuery = queryOf;

/** `filters` at another page. */
export const atPage = <T extends { readonly page: number }>(filters: T, page: number): T => ({ ...filters, page });
