import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CurrentUser } from '../../shared/auth/auth-api';
import { signInApi } from './sign-in-api';
import { useAuth } from '../../shared/auth/auth-context';
import { passkeySignIn, passkeysSupported } from './passkeys';
import { safeReturnTo } from '../../shared/auth/return-to';
import { AppLink } from '../../shared/components/app-link';
import { CodeField } from '../../shared/components/code-field';
import { FormProblem, messageOf, NeedsJavaScript } from '../../shared/components/form-parts';
import { useAction } from '../../shared/hooks/use-action';
import { useHydrated } from '../../shared/hooks/use-hydrated';
import { ApiError } from '../../shared/lib/api-client';
import { markRememberedSession } from '../../shared/lib/session-mark';
import '../../shared/styles/forms.css';

/**
 * /login/second-factor: the second step of signing in, after the password,
 * Google or a reset link, for an account with two-step sign-in. The first step
 * left a short-lived cookie that opens nothing else; the code (or one of the
 * account's passkeys or security keys) turns it into a session. Its own chunk.
 */
export default function SecondFactorPage() {
  const { setUser } = useAuth();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const returnTo = safeReturnTo(params.get('returnTo'));
  const remember = params.get('remember') === '1';
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [expired, setExpired] = useState(false);
  const { busy, problem, run } = useAction((error) => {
    if (error instanceof ApiError && error.code === 'sign-in-expired') setExpired(true);
    return messageOf(error);
  });
  const ids = useId();
  const hydrated = useHydrated();
  const field = useRef<HTMLDivElement>(null);

  // Whether the account has a passkey or security key to answer with instead.
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => {
    if (!passkeysSupported()) return;
    passkeySignIn.ways().then(({ passkeys: has }) => setPasskeys(has), () => undefined);
  }, []);

  function signedIn(user: CurrentUser | null) {
    if (remember && user) markRememberedSession(user.uid);
    setCode('');
    setUser(user);
    navigate(returnTo);
  }

  // Switching to a recovery code (and back) moves the focus to the field it shows.
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current) field.current?.querySelector('input')?.focus();
  }, [recovery]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) return;
    void run(async () => {
      signedIn(await signInApi.secondStep(code));
      return null;
    });
  }

  return (
    <div className="section container auth-page auth-page--narrow">
      <h1>Two-step sign-in</h1>
      <NeedsJavaScript action="Signing in" />
      <section className="auth-card" aria-labelledby={`${ids}-heading`}>
        <h2 id={`${ids}-heading`}>{recovery ? 'Use a recovery code' : 'Enter your code'}</h2>
        <form onSubmit={submit} className="auth-form">
          <fieldset className="auth-form__fields" disabled={!hydrated || expired}>
            <p>
              {recovery
                ? 'Lost your phone? Type one of the recovery codes you saved when you set up two-step sign-in.'
                : 'Your password is right. Now open your authenticator app and type the code it shows for this site.'}
            </p>
            <div ref={field}>
              <CodeField id={`${ids}-code`} value={code} onChange={setCode} recovery={recovery} />
            </div>
            <FormProblem problem={problem} />
            <div className="auth-form__actions">
              <button type="submit" className="button" disabled={busy}>
                Sign in
              </button>
            </div>
            {passkeys && (
              <p>
                <button type="button" className="button button--outline" disabled={busy}
                  onClick={() => void run(async () => (signedIn(await passkeySignIn.secondStep()), null))}>
                  Use your passkey or security key
                </button>
              </p>
            )}
            <p>
              <button type="button" className="link-button" onClick={() => {
                switched.current = true;
                setCode('');
                setRecovery(!recovery);
              }}>
                {recovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
              </button>
            </p>
          </fieldset>
        </form>
        <p className="auth-card__footer">
          {expired ? 'Sign in again to get a new chance: ' : 'Not you, or stuck? '}
          <AppLink href={returnTo === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`}>Back to login</AppLink>
        </p>
      </section>
    </div>
  );
}
