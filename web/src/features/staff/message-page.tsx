import { useEffect } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { ApiError } from '../../shared/lib/api-client';
import { formatDateTime } from '../../shared/lib/dates';
import { replyMailto } from './mailto';
import { staffApi, type Message, type OfficeStatus } from './staff-api';
import { countOf } from '../../shared/staff/lists';
import { STATUS_LABELS } from './staff-format';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { Badge, Outcome, ProblemText, useStaffLoad, useStaff, useStaffAction } from '../../shared/staff/staff-parts';
import { EnquiryFacts, FollowUpForm, Notes } from './enquiry-parts';
import { MailBadge } from './mail-badge';
import { inboxFilters } from './staff-query';
import { inboxHref } from './staff-views';

/** The status buttons a message offers, by its status: the label, the new status, and what is said after. */
const STATUS_ACTIONS: Readonly<Record<OfficeStatus, readonly (readonly [string, OfficeStatus, string])[]>> = {
  new: [
    ['Mark answered', 'answered', 'Marked answered.'],
    ['Archive', 'archived', 'Archived.'],
  ],
  read: [
    ['Mark answered', 'answered', 'Marked answered.'],
    ['Archive', 'archived', 'Archived.'],
    ['Mark as new', 'new', 'Marked as new.'],
  ],
  answered: [
    ['Archive', 'archived', 'Archived.'],
    ['Mark as new', 'new', 'Marked as new.'],
  ],
  archived: [['Move to inbox', 'read', 'Moved back to the inbox.']],
  contacted: [],
  'follow-up': [],
  enrolled: [],
  closed: [],
};

/** An enquiry's, by its status: the student contacted, enrolled, or the enquiry closed (a day to call again has its own form). */
const ENQUIRY_ACTIONS: Readonly<Record<OfficeStatus, readonly (readonly [string, OfficeStatus, string])[]>> = {
  new: [
    ['Mark contacted', 'contacted', 'Marked contacted.'],
    ['Mark enrolled', 'enrolled', 'Marked enrolled.'],
    ['Close', 'closed', 'Closed.'],
  ],
  contacted: [
    ['Mark enrolled', 'enrolled', 'Marked enrolled.'],
    ['Close', 'closed', 'Closed.'],
  ],
  'follow-up': [
    ['Mark contacted', 'contacted', 'Marked contacted.'],
    ['Mark enrolled', 'enrolled', 'Marked enrolled.'],
    ['Close', 'closed', 'Closed.'],
  ],
  enrolled: [['Reopen', 'contacted', 'Reopened.']],
  closed: [['Reopen', 'contacted', 'Reopened.']],
  read: [],
  answered: [],
  archived: [],
};

/** /staff/messages/<id>: one message in full, its two states, and what the office can do with it. */
export function MessagePage({ id, search }: { readonly id: string; readonly search: string }) {
  const { refreshSummary } = useStaff();
  const loaded = useStaffLoad(() => staffApi.message(id), id);
  const message = loaded.data;
  const action = useStaffAction();
  usePageMeta(STAFF_META, message ? `${message.subject || 'Message'} · ` : 'Message · ');

  // Opening a new message marked it read: the menu's count follows.
  const opened = message !== null;
  useEffect(() => {
    if (opened) refreshSummary();
  }, [opened, refreshSummary]);

  const back = (
    <p className="staff-page__back">
      <AppLink href={inboxHref(inboxFilters(search))}>Back to the inbox</AppLink>
    </p>
  );

  if (!message) {
    const notFound = loaded.problem !== null && loaded.error instanceof ApiError && loaded.error.code === 'not-found';
    return (
      <>
        {back}
        <h1>{notFound ? 'Message not found' : 'Message'}</h1>
        {notFound ? (
          <p>There is no such message. Check the address, or find it in the inbox.</p>
        ) : loaded.problem ? (
          <ProblemText problem={loaded.problem} />
        ) : (
          <p role="status">Loading the message…</p>
        )}
      </>
    );
  }

  const change = (status: OfficeStatus, said: string) =>
    action.run(async () => {
      loaded.replace(await staffApi.setStatus(message.id, status));
      refreshSummary();
      return said;
    });

  const enquiry = message.kind === 'enquiry';
  const resend = () =>
    action.run(async () => {
      loaded.replace(await staffApi.resend(message.id));
      refreshSummary();
      return 'The mail is queued again.';
    });

  return (
    <>
      {back}
      <article className="staff-letter" aria-labelledby="staff-letter-subject">
        <h1 id="staff-letter-subject" className="staff-letter__subject">
          {message.subject || '(no subject)'}
        </h1>
        <dl className="staff-facts">
          <dt>From</dt>
          <dd>{[message.name, message.email && `<${message.email}>`].filter(Boolean).join(' ')}</dd>
          {enquiry && <EnquiryFacts message={message} />}
          <dt>Sent</dt>
          <dd>
            <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt)}</time>
          </dd>
          <dt>Status</dt>
          <dd>
            <Badge tone={message.status === 'new' ? 'new' : undefined}>{STATUS_LABELS[message.status]}</Badge>
            {message.statusChangedAt !== null && (
              <span className="staff-facts__note">
                {' '}
                since {formatDateTime(message.statusChangedAt)}
                {message.statusChangedBy && `, by ${message.statusChangedBy}`}
              </span>
            )}
          </dd>
          <dt>Mail</dt>
          <dd>
            <MailFacts message={message} />
          </dd>
        </dl>
        {/* Plain text, line breaks kept (CSS pre-wrap); never read as HTML. */}
        <div className="staff-letter__text">{message.message}</div>
      </article>
      <div className="staff-actions" role="group" aria-label="What to do with this message">
        {message.email && (
          <a className="button" href={replyMailto(message)}>
            Reply by email
          </a>
        )}
        {(enquiry ? ENQUIRY_ACTIONS : STATUS_ACTIONS)[message.status].map(([label, status, said]) => (
          <button key={status} type="button" className="button button--outline" onClick={() => void change(status, said)}>
            {label}
          </button>
        ))}
        {message.mail?.state === 'failed' && (
          <button type="button" className="button button--outline" onClick={() => void resend()}>
            Resend
          </button>
        )}
      </div>
      <ProblemText problem={action.problem} />
      <Outcome message={action.busy ? 'Saving…' : action.done} />
      {enquiry && <FollowUpForm message={message} onChange={loaded.replace} />}
      <Notes message={message} onChange={loaded.replace} />
    </>
  );
}

/** What the mail did: queued with its next attempt, sent with the time, failed with the attempts and the last error. */
function MailFacts({ message: { mail } }: { readonly message: Message }) {
  return (
    <>
      <MailBadge mail={mail} />
      {mail?.state === 'queued' && mail.attempts > 0 && (
        <span className="staff-facts__note"> {countOf(mail.attempts, 'attempt')} so far</span>
      )}
      {mail?.lastError && <span className="staff-facts__error">Last error: {mail.lastError}</span>}
    </>
  );
}
