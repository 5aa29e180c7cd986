import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../shared/lib/api-client';
import { markRememberedSession } from '../../shared/lib/session-mark';
import { authApi, type CurrentUser } from './api';
import { AppLink } from '../../shared/components/app-link';
import { useHydrated } from '../../shared/hooks/use-hydrated';
import { useAuth } from './auth-context';
import { FormProblem, messageOf, NeedsJavaScript, NewPasswordField } from './form-parts';
import { FORGOT_PASSWORD_PATH } from './paths';
import { googleErrorMessage, signInWithGoogle } from './google-sign-in';
import { safeReturnTo } from './return-to';
import './auth.css';

/** The /login page: sign in on the left, register on the right. Its own chunk. */
export default function LoginPage() {
  const { setUser, refresh } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();

  const params = new URLSearchParams(search);
  const returnTo = safeReturnTo(params.get('returnTo'));
  const googleError = params.get('googleError');

  function signedIn(user: CurrentUser | null) {
    setUser(user);
    navigate(returnTo);
  }

  return (
    <div className="section container auth-page">
      <h1>Login or register</h1>
      <NeedsJavaScript action="Signing in" />
      <div className="auth-page__columns">
        <LoginForm onSignedIn={signedIn} onGoogle={refresh} returnTo={returnTo} googleError={googleError} />
        <RegisterForm onSignedIn={signedIn} />
      </div>
    </div>
  );
}

interface LoginFormProps {
  readonly onSignedIn: (user: CurrentUser | null) => void;
  readonly onGoogle: () => Promise<CurrentUser | null>;
  readonly returnTo: string;
  readonly googleError: string | null;
}

function LoginForm({ onSignedIn, onGoogle, returnTo, googleError }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const hydrated = useHydrated();

  // A Google sign-in that ran as a full-page redirect comes back here with its
  // outcome in the query, which the prerendered page cannot know: it is shown
  // once hydrated, so server and browser render the same first.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    if (googleError) setProblem(googleErrorMessage(googleError));
  }, [googleError]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email || !password || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const user = await authApi.login(email, password, remember);
      // Only here does the page know the session outlives the browser: its mark must too.
      if (remember && user) markRememberedSession(user.uid);
      setEmail('');
      setPassword('');
      setRemember(false);
      onSignedIn(user);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function google() {
    setProblem(null);
    setBusy(true);
    const outcome = await signInWithGoogle(returnTo);
    setBusy(false);
    if (!outcome) return;
    if (outcome.ok) {
      onSignedIn(await onGoogle());
    } else {
      console.error(outcome.message);
      setProblem(outcome.message || googleErrorMessage(outcome.code));
    }
  }

  return (
    <section className="auth-card" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Login</h2>
      <form onSubmit={(event) => void submit(event)} className="auth-form">
        <fieldset className="auth-form__fields" disabled={!hydrated}>
          <div className="field">
            <label htmlFor={`${ids}-email`}>Email</label>
            <input id={`${ids}-email`} type="email" name="email" autoComplete="username" required
              value={email} onChange={(event) => setEmail(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-password`}>Password</label>
            <input id={`${ids}-password`} type="password" name="password" autoComplete="current-password" required
              value={password} onChange={(event) => setPassword(event.target.value)} />
            <p className="field__hint">
              <AppLink href={FORGOT_PASSWORD_PATH}>Forgot your password?</AppLink>
            </p>
          </div>
          <div className="field field--checkbox">
            <input id={`${ids}-remember`} type="checkbox" name="remember"
              checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <label htmlFor={`${ids}-remember`}>Remember me</label>
          </div>
          <FormProblem problem={problem} />
          <div className="auth-form__actions">
            <button type="submit" className="button" disabled={busy}>
              Login
            </button>
            <button type="button" className="button button--outline" disabled={busy} onClick={() => void google()}>
              Login with Google
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

function RegisterForm({ onSignedIn }: { readonly onSignedIn: (user: CurrentUser | null) => void }) {
  const empty = { displayName: '', email: '', password: '', mobile: '' };
  const [values, setValues] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const hydrated = useHydrated();

  const bind = (field: keyof typeof empty) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const user = await authApi.register(values);
      setValues(empty);
      onSignedIn(user);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'email-already-in-use')) {
        console.error('user creation encountered an error', messageOf(error));
      }
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Register</h2>
      <form onSubmit={(event) => void submit(event)} className="auth-form">
        <fieldset className="auth-form__fields" disabled={!hydrated}>
          <div className="field">
            <label htmlFor={`${ids}-name`}>Name</label>
            <input id={`${ids}-name`} name="displayName" autoComplete="name" required maxLength={80} {...bind('displayName')} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-email`}>Email address</label>
            <input id={`${ids}-email`} type="email" name="email" autoComplete="email" required {...bind('email')} />
          </div>
          <NewPasswordField id={`${ids}-password`} label="Password" {...bind('password')} />
          <div className="field">
            <label htmlFor={`${ids}-mobile`}>Mobile Number</label>
            <input id={`${ids}-mobile`} type="tel" name="mobile" autoComplete="tel" required {...bind('mobile')} />
          </div>
          <FormProblem problem={problem} />
          <div className="auth-form__actions">
            <button type="submit" className="button" disabled={busy}>
              Register
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
