import { useId } from 'react';
import { useSignedInAction } from '../../../shared/hooks/use-action';
import { describeWhen, formatDate } from '../../../shared/lib/dates';
import { finishBeforeSignOut } from '../../../shared/lib/student-data';
import { FormProblem } from '../../../shared/components/form-parts';
import { accountApi, type SessionRecord } from './account-api';
import { Done } from './account-parts';
import { ACCOUNT_SECTIONS } from './account-contents';

interface SessionsSectionProps {
  readonly sessions: readonly SessionRecord[];
  /** When the list was loaded: "last used" is told relative to it. */
  readonly loadedAt: number;
  readonly onSessions: (sessions: readonly SessionRecord[]) => void;
  readonly onSignedOut: () => void;
}

const deviceOf = (session: SessionRecord) => `${session.browser} on ${session.system}`;

/** Where the account is signed in, and signing any of them out. */
export function SessionsSection({ sessions, loadedAt, onSessions, onSignedOut }: SessionsSectionProps) {
  const { busy, problem, done, run } = useSignedInAction(onSignedOut);
  const ids = useId();
  const others = sessions.filter((session) => !session.current).length;

  function end(session: SessionRecord) {
    void run(async () => {
      // Signing this device out clears the student's work from it: unsent work goes first.
      if (session.current) await finishBeforeSignOut();
      const answer = await accountApi.endSession(session.id);
      if (answer.signedOut) {
        onSignedOut();
        return null;
      }
      onSessions(answer.sessions);
      return `${deviceOf(session)} is signed out.`;
    });
  }

  function endOthers() {
    void run(async () => {
      onSessions(await accountApi.endOtherSessions());
      return 'Every other session is signed out.';
    });
  }

  return (
    <section id={ACCOUNT_SECTIONS.sessions.id} className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{ACCOUNT_SECTIONS.sessions.title}</h2>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id} className="session-list__item">
            <div>
              <p className="session-list__device">
                {deviceOf(session)}
                {session.current && <span className="session-list__badge">This device</span>}
              </p>
              <p className="field__hint">
                Last used {describeWhen(session.lastUsedAt, loadedAt)} · signed in {formatDate(session.signedInAt)}
                {session.remembered ? ' · remembered' : ''}
              </p>
            </div>
            <button type="button" className="button button--outline" disabled={busy}
              aria-label={`Sign out ${deviceOf(session)}${session.current ? ' (this device)' : ''}`}
              onClick={() => end(session)}>
              Sign out
            </button>
          </li>
        ))}
      </ul>
      <FormProblem problem={problem} />
      <Done message={done} />
      {others > 0 && (
        <button type="button" className="button button--outline" disabled={busy} onClick={endOthers}>
          Sign out of all other sessions
        </button>
      )}
    </section>
  );
}
