import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAction } from '../../shared/hooks/use-action';
import { ApiError } from '../../shared/lib/api-client';
import { messageOf } from '../../shared/components/form-parts';
import { useAuth } from '../../shared/auth/auth-context';
import { GOOGLE_SECOND_STEP, signInWithGoogle } from '../../shared/auth/google-sign-in';
import { CodeField } from '../../shared/components/code-field';
import { secondFactorHref } from '../../shared/paths/account';
import { staffApi } from './staff-api';
import { Cancelled } from '../../shared/staff/staff-parts';

interface Asking {
  readonly message: string;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * Role changes and disabling need the admin's identity checked within the last
 * 10 minutes. `confirmed(call)` runs the call; when the server answers
 * `confirm-identity`, it asks for the password in a dialog, confirms it with
 * the server and runs the call again. Cancelling throws `Cancelled`.
 * Render `dialog` somewhere on the page.
 */
export function useIdentityCheck(): { confirmed: <T>(call: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [asking, setAsking] = useState<Asking | null>(null);

  async function confirmed<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'confirm-identity')) throw error;
      await new Promise<void>((resolve, reject) => setAsking({ message: error.message, resolve, reject }));
      return call();
    }
  }

  const dialog = asking && (
    <IdentityDialog message={asking.message}
      onDone={(confirmedNow) => {
        setAsking(null);
        if (confirmedNow) asking.resolve();
        else asking.reject(new Cancelled('cancelled'));
      }} />
  );
  return { confirmed, dialog };
}

/**
 * A modal dialog asking for the password: the field takes the focus, Esc or
 * Cancel closes it, and the focus goes back to the button that asked (the
 * browser's dialog does that).
 */
function IdentityDialog({ message, onDone }: { readonly message: string; readonly onDone: (confirmed: boolean) => void }) {
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const outcome = useRef(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { user } = useAuth();
  const { busy, problem, run, setProblem } = useAction<Error>((error) => (error instanceof Error ? error : new Error(messageOf(error))));
  const [location] = useLocation();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const finish = (confirmed: boolean) => {
    outcome.current = confirmed;
    dialog.current?.close();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      await staffApi.confirm(password, user?.secondFactor ? code : undefined);
      finish(true);
      return null;
    });
  }

  async function google() {
    setProblem(null);
    const result = await signInWithGoogle(location);
    // With two-step sign-in, Google's sign-in goes on to the page that asks for the code.
    if (result?.ok && result.code === GOOGLE_SECOND_STEP) window.location.assign(secondFactorHref(location));
    else if (result?.ok) finish(true);
    else if (result) setProblem(new Error(result.message || 'Google sign-in failed. Please try again.'));
  }

  const fieldProblem = problem instanceof ApiError && problem.field === 'password' ? problem.message : null;
  const otherProblem = problem && !fieldProblem ? problem.message : null;

  return (
    // Closed by Confirm, Cancel or Esc: the page hears of it once, when it has closed.
    <dialog ref={dialog} className="staff-dialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-why`}
      onClose={() => onDone(outcome.current)}>
      <h2 id={`${ids}-title`}>Confirm it is you</h2>
      <p id={`${ids}-why`}>{message || 'Enter your password again to do this.'}</p>
      <form onSubmit={submit} noValidate>
        <div className={fieldProblem ? 'field field--invalid' : 'field'}>
          <label htmlFor={`${ids}-password`}>Your password</label>
          {fieldProblem && (
            <p id={`${ids}-error`} role="alert" className="field__error">
              {fieldProblem}
            </p>
          )}
          {/* The dialog's first field: the browser gives it the focus as the dialog opens. */}
          <input id={`${ids}-password`} type="password" name="current-password" autoComplete="current-password"
            maxLength={128} value={password} aria-invalid={fieldProblem ? true : undefined}
            aria-describedby={fieldProblem ? `${ids}-error` : undefined} onChange={(event) => setPassword(event.target.value)} />
        </div>
        {user?.secondFactor && <CodeField id={`${ids}-code`} value={code} onChange={setCode} />}
        {otherProblem && (
          <p role="alert" className="auth-form__problem">
            {otherProblem}
          </p>
        )}
        <div className="staff-dialog__buttons">
          <button type="submit" className="button" aria-disabled={busy}>
            {busy ? 'Checking…' : 'Confirm'}
          </button>
          <button type="button" className="button button--outline" onClick={() => finish(false)}>
            Cancel
          </button>
        </div>
      </form>
      <p className="staff-dialog__google">
        No password on this account?{' '}
        <button type="button" className="staff-link-button" onClick={() => void google()}>
          Sign in again with Google
        </button>
      </p>
    </dialog>
  );
}
