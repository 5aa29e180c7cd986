import { useId, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { formatDateTime } from '../../shared/lib/dates';
import { staffApi, type MessageSummary } from './staff-api';
import { countOf } from '../../shared/staff/lists';
import { contactOf, courseName, formatDay, STATUS_LABELS } from './staff-format';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { Badge, LoadState, Pager, useStaff, useStaffLoad } from '../../shared/staff/staff-parts';
import { MailBadge } from './mail-badge';
import { atPage, inboxFilters, KIND_FILTERS, MAIL_FILTERS, QUERY_MAX, queryOf, STATUS_FILTERS, type InboxFilters } from './staff-query';
import { inboxHref, messageHref } from './staff-views';
import { useSearchBox } from '../../shared/staff/use-search-box';

const STATUS_NAMES: Readonly<Record<InboxFilters['status'], string>> = {
  open: 'Open (not done with)',
  new: 'New',
  read: 'Read',
  answered: 'Answered',
  archived: 'Archived',
  contacted: 'Contacted (enquiries)',
  'follow-up': 'Call again (enquiries)',
  enrolled: 'Enrolled (enquiries)',
  closed: 'Closed (enquiries)',
  all: 'All',
};

const KIND_NAMES: Readonly<Record<InboxFilters['kind'], string>> = {
  all: 'Messages and enquiries',
  message: 'Contact messages',
  enquiry: 'Course enquiries',
};

const MAIL_NAMES: Readonly<Record<InboxFilters['mail'], string>> = {
  any: 'Any',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

/** /staff: the contact messages and enquiries, newest first, 50 a page, with search and filters kept in the address. */
export function InboxPage({ search }: { readonly search: string }) {
  usePageMeta(STAFF_META, 'Inbox · ');
  const filters = inboxFilters(search);
  const query = queryOf(filters);
  const list = useStaffLoad(() => staffApi.messages(filters), query);
  const ids = useId();
  const due = useStaff().summary?.dueCalls ?? 0;

  return (
    <>
      <h1>Inbox</h1>
      {due > 0 && filters.due !== 'today' && (
        <p className="staff-due">
          <AppLink href={inboxHref({ ...filters, due: 'today', status: 'open', page: 1 })}>
            {countOf(due, 'enquiry', 'enquiries')} to call again today
          </AppLink>
        </p>
      )}
      <SearchForm filters={filters} courses={list.data?.courses ?? []} />
      <section aria-labelledby={`${ids}-title`} aria-busy={list.loading}>
        <h2 id={`${ids}-title`} className="visually-hidden">
          Messages
        </h2>
        {list.data === null ? (
          <LoadState what="the messages" problem={list.problem} onRetry={list.reload} />
        ) : (
          <>
            {list.problem && (
              <p role="alert" className="auth-form__problem">
                {list.problem}
              </p>
            )}
            <p role="status" className="staff-list__count">
              {list.loading ? 'Loading…' : list.data.total === 0 ? 'No messages match.' : countOf(list.data.total, 'message')}
            </p>
            {list.data.total > 0 && (
              <p>
                <a href={staffApi.csvHref(filters)} download>
                  Download these {countOf(list.data.total, 'message')} as CSV
                </a>
              </p>
            )}
            <ul className="staff-messages">
              {list.data.messages.map((message) => (
                <MessageRow key={message.id} message={message} filters={filters} />
              ))}
            </ul>
            <Pager paged={list.data} shown={list.data.messages.length} label="Pages of messages"
              hrefAt={(page) => inboxHref(atPage(filters, page))} />
          </>
        )}
      </section>
    </>
  );
}

/** The search box and the filters; a filter changed counts at once, with what is typed. */
function SearchForm({ filters, courses }: { readonly filters: InboxFilters; readonly courses: readonly string[] }) {
  const [, navigate] = useLocation();
  const ids = useId();
  const go = (next: InboxFilters, replace = false) => navigate(inboxHref({ ...next, page: 1 }), { replace });
  const box = useSearchBox(filters.q, (q, replace) => go({ ...filters, q }, replace));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go({ ...filters, q: box.now() });
  }

  return (
    <form role="search" aria-label="Messages" className="staff-filters" onSubmit={submit}>
      <div className="field staff-filters__search">
        <label htmlFor={`${ids}-q`}>Search messages</label>
        <input id={`${ids}-q`} type="search" name="q" value={box.typed} maxLength={QUERY_MAX} autoComplete="off"
          aria-describedby={`${ids}-q-hint`} onChange={(event) => box.change(event.target.value)} />
        <p id={`${ids}-q-hint`} className="field__hint">
          Sender’s name, email or phone, subject or text.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-status`}>Status</label>
        <select id={`${ids}-status`} name="status" value={filters.status}
          onChange={(event) => go({ ...filters, q: box.now(), status: event.target.value as InboxFilters['status'] })}>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {STATUS_NAMES[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-mail`}>Mail</label>
        <select id={`${ids}-mail`} name="mail" value={filters.mail}
          onChange={(event) => go({ ...filters, q: box.now(), mail: event.target.value as InboxFilters['mail'] })}>
          {MAIL_FILTERS.map((mail) => (
            <option key={mail} value={mail}>
              {MAIL_NAMES[mail]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-kind`}>Kind</label>
        <select id={`${ids}-kind`} name="kind" value={filters.kind}
          onChange={(event) => go({ ...filters, q: box.now(), kind: event.target.value as InboxFilters['kind'] })}>
          {KIND_FILTERS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_NAMES[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-course`}>Course</label>
        <select id={`${ids}-course`} name="course" value={filters.course}
          onChange={(event) => go({ ...filters, q: box.now(), course: event.target.value })}>
          <option value="">Every course</option>
          {[...new Set([...courses, ...(filters.course ? [filters.course] : [])])].map((course) => (
            <option key={course} value={course}>
              {courseName(course)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-from`}>Sent from</label>
        <input id={`${ids}-from`} type="date" name="from" value={filters.from}
          onChange={(event) => go({ ...filters, q: box.now(), from: event.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-to`}>Sent until</label>
        <input id={`${ids}-to`} type="date" name="to" value={filters.to}
          onChange={(event) => go({ ...filters, q: box.now(), to: event.target.value })} />
      </div>
      <div className="field field--checkbox">
        <input id={`${ids}-due`} type="checkbox" name="due" checked={filters.due === 'today'}
          onChange={(event) => go({ ...filters, q: box.now(), due: event.target.checked ? 'today' : '' })} />
        <label htmlFor={`${ids}-due`}>Only the calls due today</label>
      </div>
      <button type="submit" className="button staff-filters__submit">
        Search
      </button>
    </form>
  );
}

/** One message in the list: who, what, when, and its two states in words. */
function MessageRow({ message, filters }: { readonly message: MessageSummary; readonly filters: InboxFilters }) {
  const { mail } = message;
  return (
    <li className={message.status === 'new' ? 'staff-message staff-message--new' : 'staff-message'}>
      <p className="staff-message__head">
        <span className="staff-message__sender">
          {message.name} <span className="staff-message__email">{contactOf(message)}</span>
        </span>
        <time dateTime={new Date(message.createdAt).toISOString()} className="staff-message__date">
          {formatDateTime(message.createdAt)}
        </time>
      </p>
      <p className="staff-message__subject">
        <AppLink href={messageHref(message.id, filters)}>{message.subject || '(no subject)'}</AppLink>
      </p>
      <p className="staff-message__preview">{message.preview}</p>
      <p className="staff-message__states">
        {message.kind === 'enquiry' && <Badge>{`Enquiry: ${courseName(message.course ?? '')}`}</Badge>}
        <Badge tone={message.status === 'new' ? 'new' : undefined}>{STATUS_LABELS[message.status]}</Badge>
        {message.followUpOn && <span>Call again on {formatDay(message.followUpOn)}</span>}
        <MailBadge mail={mail} />
        {mail?.state === 'failed' && mail.lastError && <span className="staff-message__error">Last error: {mail.lastError}</span>}
      </p>
    </li>
  );
}
