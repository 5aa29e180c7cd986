import { useId, useState, type FormEvent } from 'react';
import { useSignedInAction } from '../../../shared/hooks/use-action';
import { FormProblem } from '../../../shared/components/form-parts';
import { accountApi, type AccountRecord } from './account-api';
import { Done, IdentityCheck } from './account-parts';
import { ACCOUNT_SECTIONS } from './account-contents';

interface EmailSectionProps {
  readonly account: AccountRecord;
  readonly recentSignIn: boolean;
  readonly onPendingEmail: (pendingEmail: string) => void;
  readonly onSignedOut: () => void;
  readonly onSignedInAgain: () => void;
}

/** The sign-in email: whether it is verified, a new link, and a change of address. */
export function EmailSection({ account, recentSignIn, onPendingEmail, onSignedOut, onSignedInAgain }: EmailSectionProps) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const resend = useSignedInAction(onSignedOut);
  const change = useSignedInAction(onSignedOut);
  const ids = useId();
  const waiting = account.pendingEmail !== null || !account.emailVerified;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void change.run(async () => {
      const { message, pendingEmail } = await accountApi.changeEmail(newEmail, password, code || undefined);
      setNewEmail('');
      setPassword('');
      setCode('');
      onPendingEmail(pendingEmail);
      return message;
    });
  }

  return (
    <section id={ACCOUNT_SECTIONS.email.id} className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{ACCOUNT_SECTIONS.email.title}</h2>
      <p>
        You sign in with <strong>{account.email}</strong>:{' '}
        {account.emailVerified ? (
          <span className="account-page__verified">verified</span>
        ) : (
          <span className="account-page__unverified">not verified yet</span>
        )}
      </p>
      {account.pendingEmail && (
        <p>
          We sent a link to <strong>{account.pendingEmail}</strong>. Your sign-in email changes to it when you open
          the link.
        </p>
      )}
      {!account.emailVerified && !account.pendingEmail && (
        <p>Open the link we sent to your address to verify it. It shows that the address is yours.</p>
      )}
      {waiting && (
        <>
          <FormProblem problem={resend.problem} />
          <Done message={resend.done} />
          <button type="button" className="button button--outline" disabled={resend.busy}
            onClick={() => void resend.run(() => accountApi.resendVerification())}>
            Send the link again
          </button>
        </>
      )}
      <form onSubmit={submit} className="auth-form account-page__subform">
        <h3>Change your email</h3>
        <div className="field">
          <label htmlFor={`${ids}-email`}>New email address</label>
          <input id={`${ids}-email`} type="email" name="email" autoComplete="email" required maxLength={254}
            value={newEmail} onChange={(event) => setNewEmail(event.target.value)} />
        </div>
        <IdentityCheck id={`${ids}-password`} hasPassword={account.signInMethods.password} recentSignIn={recentSignIn}
          password={password} onPasswordChange={setPassword} code={code} onCodeChange={setCode}
          onSignedInAgain={onSignedInAgain} />
        <FormProblem problem={change.problem} />
        <Done message={change.done} />
        <div className="auth-form__actions">
          <button type="submit" className="button" disabled={change.busy}>
            Change email
          </button>
        </div>
      </form>
    </section>
  );
}
