import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../shared/lib/api-client';
import { markRememberedSession } from '../../shared/lib/session-mark';
import type { CurrentUser } from '../../shared/auth/auth-api';
import { signInApi } from './sign-in-api';
import { AppLink } from '../../shared/components/app-link';
import { useAction } from '../../shared/hooks/use-action';
import { useHydrated } from '../../shared/hooks/use-hydrated';
import { useAuth } from '../../shared/auth/auth-context';
import { FormProblem, messageOf, NeedsJavaScript, NewPasswordField } from '../../shared/components/form-parts';
import { FORGOT_PASSWORD_PATH, secondFactorHref } from '../../shared/paths/account';
import { GOOGLE_SECOND_STEP, googleErrorMessage, signInWithGoogle } from '../../shared/auth/google-sign-in';
import { passkeySignIn, passkeysSupported } from './passkeys';
import { safeReturnTo } from '../../shared/auth/return-to';
import '../../shared/styles/forms.css';

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
        <LoginForm onSignedIn={signedIn} onSecondStep={(href) => navigate(href)} onGoogle={refresh} returnTo={returnTo} googleError={googleError} />
        <RegisterForm onSignedIn={signedIn} />
      </div>
    </div>
  );
}

interface LoginFormProps {
  readonly onSignedIn: (user: CurrentUser | null) => void;
  /** Goes to the page that asks for the code (`href`). */
  readonly onSecondStep: (href: string) => void;
  readonly onGoogle: () => Promise<CurrentUser | null>;
  readonly returnTo: string;
  readonly googleError: string | null;
}

function LoginForm({ onSignedIn, onSecondStep, onGoogle, returnTo, googleError }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const { busy, problem, run, setProblem } = useAction(messageOf);
  const ids = useId();
  const hydrated = useHydrated();

  // A Google sign-in that ran as a full-page redirect comes back here with its
  // outcome in the query, which the prerendered page cannot know: it is shown
  // once hydrated, so server and browser render the same first.
  useEffect(() => {
    if (googleError) setProblem(googleErrorMessage(googleError));
  }, [googleError, setProblem]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email || !password) return;
    void run(async () => {
      const { user, secondFactor } = await signInApi.login(email, password, remember);
      setEmail('');
      setPassword('');
      setRemember(false);
      // The account asks for its code next; "Remember me" travels with the sign-in.
      if (secondFactor) {
        onSecondStep(secondFactorHref(returnTo, remember));
        return null;
      }
      // Only here does the page know the session outlives the browser: its mark must too.
      if (remember && user) markRememberedSession(user.uid);
      onSignedIn(user);
      return null;
    });
  }

  // Busy while the popup is open; the session is then asked for after it.
  function google() {
    void run(async () => {
      const outcome = await signInWithGoogle(returnTo);
      if (outcome?.ok && outcome.code === GOOGLE_SECOND_STEP) {
        onSecondStep(secondFactorHref(returnTo));
      } else if (outcome?.ok) {
        void onGoogle().then(onSignedIn);
      } else if (outcome) {
        console.error(outcome.message);
        throw new Error(outcome.message || googleErrorMessage(outcome.code));
      }
      return null;
    });
  }

  // A passkey checks its owner itself (fingerprint, face, PIN): it signs in alone,
  // but one added before the account needed two-step sign-in is followed by the code.
  function passkey() {
    void run(async () => {
      if (!passkeysSupported()) throw new Error('This browser cannot use passkeys. Sign in with your password or Google.');
      const { user, secondFactor } = await passkeySignIn.signIn(remember);
      if (secondFactor) {
        onSecondStep(secondFactorHref(returnTo, remember));
        return null;
      }
      if (remember && user) markRememberedSession(user.uid);
      onSignedIn(user);
      return null;
    });
  }

  return (
    <section className="auth-card" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Login</h2>
      <form onSubmit={submit} className="auth-form">
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
            <button type="button" className="button button--outline" disabled={busy} onClick={google}>
              Login with Google
            </button>
            <button type="button" className="button button--outline" disabled={busy} onClick={passkey}>
              Login with a passkey
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
  const { busy, problem, run } = useAction((error) => {
    if (!(error instanceof ApiError && error.code === 'email-already-in-use')) {
      console.error('user creation encountered an error', messageOf(error));
    }
    return messageOf(error);
  });
  const ids = useId();
  const hydrated = useHydrated();

  const bind = (field: keyof typeof empty) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const user = await signInApi.register(values);
      setValues(empty);
      onSignedIn(user);
      return null;
    });
  }

  return (
    <section className="auth-card" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Register</h2>
      <form onSubmit={submit} className="auth-form">
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
