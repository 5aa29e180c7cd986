import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CodeField } from '../../../shared/components/code-field';
import { FormProblem } from '../../../shared/components/form-parts';
import { useSignedInAction } from '../../../shared/hooks/use-action';
import { Done } from './account-parts';
import type { Proof } from './two-step-api';

interface ProofFormProps {
  readonly title: string;
  /** Fields the change needs besides the proof, shown first. */
  readonly children?: ReactNode;
  readonly about: string;
  readonly button: string;
  readonly hasPassword: boolean;
  readonly action: (proof: Proof) => Promise<string | null>;
  readonly onSignedOut: () => void;
  /** Whether the account has a code to ask for (two-step sign-in is on). */
  readonly askCode?: boolean;
}

/**
 * A change that asks who you are: the password (when the account has one) and,
 * with two-step sign-in on, a code.
 */
export function ProofForm({ title, about, button, hasPassword, action, onSignedOut, children, askCode = true }: ProofFormProps) {
  const ids = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, done, run } = useSignedInAction(onSignedOut);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(() => action({ password: hasPassword ? password : undefined, code: askCode ? code : undefined }));
  }

  return (
    <section className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{title}</h2>
      <p>{about}</p>
      <form onSubmit={submit} className="auth-form">
        {children}
        {hasPassword && (
          <div className="field">
            <label htmlFor={`${ids}-password`}>Current password</label>
            <input id={`${ids}-password`} type="password" name="current-password" autoComplete="current-password" required
              maxLength={128} value={password} onChange={(event) => setPassword(event.target.value)} />
          </div>
        )}
        {askCode && <CodeField id={`${ids}-code`} value={code} onChange={setCode} />}
        <FormProblem problem={problem} />
        <Done message={done} />
        <div className="auth-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {button}
          </button>
        </div>
      </form>
    </section>
  );
}
