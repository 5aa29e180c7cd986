import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSignedInAction } from '../../../shared/hooks/use-action';
import { FormProblem } from '../../../shared/components/form-parts';
import { accountApi, DATA_DOWNLOAD_PATH, type AccountRecord } from './account-api';
import { IdentityCheck } from './account-parts';
import { ACCOUNT_SECTIONS } from './account-contents';

/** Taking the data away: one link, which the browser downloads. */
export function DataSection() {
  const ids = useId();
  return (
    <section id={ACCOUNT_SECTIONS.data.id} className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{ACCOUNT_SECTIONS.data.title}</h2>
      <p>A file (JSON) with your profile, how you sign in, your sessions, your tutorial progress and code, and your classes.</p>
      <a className="button button--outline" href={DATA_DOWNLOAD_PATH} download="college-account-data.json">
        Download my data
      </a>
    </section>
  );
}

interface DeleteSectionProps {
  readonly account: AccountRecord;
  readonly recentSignIn: boolean;
  readonly onDeleted: () => void;
  readonly onSignedOut: () => void;
  readonly onSignedInAgain: () => void;
}

/** Deleting the account: asked for once, then confirmed with the password (or a recent sign-in). */
export function DeleteSection({ account, recentSignIn, onDeleted, onSignedOut, onSignedInAgain }: DeleteSectionProps) {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, run } = useSignedInAction(onSignedOut);
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // The confirmation takes the focus, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (confirming) formRef.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [confirming]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      await accountApi.deleteAccount(password, code || undefined);
      onDeleted();
      return null;
    });
  }

  return (
    <section id={ACCOUNT_SECTIONS.delete.id} className="auth-card account-page__danger" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{ACCOUNT_SECTIONS.delete.title}</h2>
      <p>
        This deletes your profile, your sessions, your tutorial progress and code, and your place in your classes for good. You can download your
        data first.
      </p>
      {confirming ? (
        <form ref={formRef} onSubmit={submit} className="auth-form">
          <IdentityCheck id={`${ids}-password`} hasPassword={account.signInMethods.password} recentSignIn={recentSignIn}
            password={password} onPasswordChange={setPassword} code={code} onCodeChange={setCode}
            onSignedInAgain={onSignedInAgain} />
          <FormProblem problem={problem} />
          <div className="auth-form__actions">
            <button type="submit" className="button button--danger" disabled={busy}>
              Delete my account for good
            </button>
            <button type="button" className="button button--outline" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--outline" onClick={() => setConfirming(true)}>
          Delete my account…
        </button>
      )}
    </section>
  );
}
