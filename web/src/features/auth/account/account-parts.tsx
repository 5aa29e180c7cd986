/** Pieces the account page's sections share. */
import { useEffect, useState } from 'react';
import { useAuth } from '../../../shared/auth/auth-context';
import { GOOGLE_SECOND_STEP, signInWithGoogle } from '../../../shared/auth/google-sign-in';
import { CodeField } from '../../../shared/components/code-field';
import { ACCOUNT_PATH, secondFactorHref } from '../../../shared/paths/account';

/** A section's outcome, read out politely as it appears. */
export function Done({ message }: { readonly message: string | null }) {
  return (
    <p role="status" className="account-page__done">
      {message}
    </p>
  );
}

/**
 * Whether this session still counts as a recent sign-in: for the seconds the
 * server said were left when the account was loaded at `loadedAt`.
 */
export function useRecentSignIn(secondsLeft: number, loadedAt: number): boolean {
  const until = loadedAt + secondsLeft * 1000;
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setExpired(until), Math.max(0, until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [secondsLeft, until]);
  return secondsLeft > 0 && expired !== until;
}

interface IdentityCheckProps {
  readonly id: string;
  readonly hasPassword: boolean;
  readonly recentSignIn: boolean;
  readonly password: string;
  readonly onPasswordChange: (value: string) => void;
  /** The second factor's code, asked for when the account has one. */
  readonly code: string;
  readonly onCodeChange: (value: string) => void;
  /** Called after a new sign-in with Google, to load the account again. */
  readonly onSignedInAgain: () => void;
}

/**
 * What a sensitive change asks for: the current password, or for an account
 * without one a sign-in within the last 10 minutes, which the user can renew
 * here with Google; and with two-step sign-in on, a code too.
 */
export function IdentityCheck({ code, onCodeChange, ...rest }: IdentityCheckProps) {
  const { user } = useAuth();
  return (
    <>
      <FirstFactor {...rest} />
      {user?.secondFactor && <CodeField id={`${rest.id}-code`} value={code} onChange={onCodeChange} />}
    </>
  );
}

function FirstFactor({ id, hasPassword, recentSignIn, password, onPasswordChange, onSignedInAgain }: Omit<IdentityCheckProps, 'code' | 'onCodeChange'>) {
  const [problem, setProblem] = useState<string | null>(null);
  if (hasPassword) {
    return (
      <div className="field">
        <label htmlFor={id}>Current password</label>
        <input id={id} type="password" name="current-password" autoComplete="current-password" required
          maxLength={128} value={password} onChange={(event) => onPasswordChange(event.target.value)} />
      </div>
    );
  }
  if (recentSignIn) {
    return <p className="field__hint">You signed in less than 10 minutes ago, so no password is needed.</p>;
  }
  async function signInAgain() {
    setProblem(null);
    const outcome = await signInWithGoogle(ACCOUNT_PATH);
    // With two-step sign-in, Google's sign-in goes on to the page that asks for the code.
    if (outcome?.ok && outcome.code === GOOGLE_SECOND_STEP) window.location.assign(secondFactorHref(ACCOUNT_PATH));
    else if (outcome?.ok) onSignedInAgain();
    else if (outcome) setProblem(outcome.message || 'Google sign-in failed. Please try again.');
  }
  return (
    <div className="account-page__reauth">
      <p>For your safety, this needs a sign-in within the last 10 minutes.</p>
      <button type="button" className="button button--outline" onClick={() => void signInAgain()}>
        Sign in again with Google
      </button>
      {problem && (
        <p role="alert" className="auth-form__problem">
          {problem}
        </p>
      )}
    </div>
  );
}
