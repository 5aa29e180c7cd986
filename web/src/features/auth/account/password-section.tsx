import { useId, useState, type FormEvent } from 'react';
import { useSignedInAction } from '../../../shared/hooks/use-action';
import { FormProblem, NewPasswordField } from '../../../shared/components/form-parts';
import { accountApi, type AccountOverview, type AccountRecord } from './account-api';
import { Done, IdentityCheck } from './account-parts';
import { ACCOUNT_SECTIONS } from './account-contents';

interface PasswordSectionProps {
  readonly account: AccountRecord;
  readonly recentSignIn: boolean;
  readonly onChanged: (overview: AccountOverview) => void;
  readonly onSignedOut: () => void;
  readonly onSignedInAgain: () => void;
}

/** Change the password, or set one for an account that signs in with Google only. */
export function PasswordSection({ account, recentSignIn, onChanged, onSignedOut, onSignedInAgain }: PasswordSectionProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, done, run } = useSignedInAction(onSignedOut);
  const ids = useId();
  const hasPassword = account.signInMethods.password;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const overview = await accountApi.changePassword(current, next, code || undefined);
      setCurrent('');
      setNext('');
      setCode('');
      onChanged(overview);
      return hasPassword
        ? 'Your password is changed. Every other session is signed out.'
        : 'Your password is set. You can now also sign in with your email and password.';
    });
  }

  return (
    <section id={ACCOUNT_SECTIONS.password.id} className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{ACCOUNT_SECTIONS.password.title}</h2>
      {!hasPassword && <p>You sign in with Google. Set a password to sign in with your email address too.</p>}
      <form onSubmit={submit} className="auth-form">
        <IdentityCheck id={`${ids}-current`} hasPassword={hasPassword} recentSignIn={recentSignIn} password={current}
          onPasswordChange={setCurrent} code={code} onCodeChange={setCode} onSignedInAgain={onSignedInAgain} />
        <NewPasswordField id={`${ids}-new`} label="New password" value={next}
          onChange={(event) => setNext(event.target.value)} />
        <FormProblem problem={problem} />
        <Done message={done} />
        <div className="auth-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {hasPassword ? 'Change password' : 'Set password'}
          </button>
        </div>
      </form>
    </section>
  );
}
