import { useId, useState } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { formatDateTime } from '../../shared/lib/dates';
import { staffApi, type MailHealth, type TestMailResult } from './staff-api';
import { countOf, formatCount } from '../../shared/staff/lists';
import { dateOrNever } from './staff-format';
import { FAILED_MAIL_HREF } from './staff-layout';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { LoadState, ProblemText, useStaffLoad, useStaffAction } from '../../shared/staff/staff-parts';

/** /staff/mail (admin): how the outgoing mail is doing, and a test mail to oneself. */
export function MailHealthPage() {
  usePageMeta(STAFF_META, 'Mail health · ');
  const health = useStaffLoad(() => staffApi.mailHealth(), 'mail-health');
  return (
    <>
      <h1>Mail health</h1>
      {/* A failed read after the test mail shows why, not the figures from before it. */}
      {health.data === null || health.problem ? (
        <LoadState what="the mail figures" problem={health.problem} onRetry={health.reload} />
      ) : (
        <Figures health={health.data} />
      )}
      <TestMail onSent={health.reload} />
    </>
  );
}

function Figures({ health }: { readonly health: MailHealth }) {
  return (
    <dl className="staff-facts staff-facts--figures">
      <dt>Sent by</dt>
      <dd>{health.mailer}</dd>
      <dt>Waiting to be sent</dt>
      <dd>{formatCount(health.waiting)}</dd>
      <dt>Oldest waiting since</dt>
      <dd>{dateOrNever(health.oldestWaitingAt, 'None waiting')}</dd>
      <dt>Sent today</dt>
      <dd>{formatCount(health.sentToday)}</dd>
      <dt>Failed today</dt>
      <dd>{formatCount(health.failedToday)}</dd>
      <dt>Failed for good, in all</dt>
      <dd>
        {health.failedTotal === 0 ? (
          'None'
        ) : (
          <>
            {countOf(health.failedTotal, 'message')} <AppLink href={FAILED_MAIL_HREF}>Show them</AppLink>
          </>
        )}
      </dd>
      <dt>Last delivery error</dt>
      <dd>
        {health.lastError ? (
          <>
            {formatDateTime(health.lastError.at)}: <span className="staff-facts__error">{health.lastError.error}</span>
          </>
        ) : (
          'None'
        )}
      </dd>
    </dl>
  );
}

/** Sends one mail at once to the admin's own address, and says how it went. */
function TestMail({ onSent }: { readonly onSent: () => void }) {
  const ids = useId();
  const action = useStaffAction();
  const [result, setResult] = useState<TestMailResult | null>(null);

  const send = () =>
    action.run(async () => {
      setResult(null);
      const answer = await staffApi.testMail();
      setResult(answer);
      onSent();
      return answer.sent ? `A test mail was sent to ${answer.to}.` : null;
    });

  return (
    <section aria-labelledby={`${ids}-title`} className="record-section staff-card">
      <h2 id={`${ids}-title`}>Send a test mail</h2>
      <p>Sends one mail now, straight to your own address, and shows what the mail server answered.</p>
      <button type="button" className="button" onClick={() => void send()}>
        Send a test mail
      </button>
      <p role="status" className="staff-outcome">
        {action.busy ? 'Sending…' : action.done}
      </p>
      {result && !result.sent && (
        <p role="alert" className="auth-form__problem">
          The test mail to {result.to} could not be sent: {result.error ?? 'the mail server gave no reason.'}
        </p>
      )}
      <ProblemText problem={action.problem} />
    </section>
  );
}
