import { useEffect, useState } from 'react';
import { AppLink } from '../../../shared/components/app-link';
import { useAuth } from '../auth-context';
import { FormProblem, messageOf, NeedsJavaScript } from '../form-parts';
import { ACCOUNT_PATH } from '../paths';
import { loginHref } from '../return-to';
import { accountApi } from './account-api';
import { Done, useAccountAction } from './account-parts';
import '../auth.css';
import './account.css';

type Outcome =
  | { readonly state: 'checking' }
  | { readonly state: 'verified'; readonly email: string; readonly changed: boolean }
  | { readonly state: 'failed'; readonly problem: string };

const NO_TOKEN = 'This page works with the link from your mail. Open the link again.';

/** Reads the token from the link's fragment (which browsers never send), then drops it from the address bar. */
function takeTokenFromLink(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/**
 * /account/verify#token=...: the page a verification mail links to. It works
 * in any browser, signed in or not: the link itself is the proof. Its own chunk.
 */
export default function VerifyEmailPage() {
  const { user, refresh } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'checking' });
  const checking = outcome.state === 'checking';

  // Uses the link once the page shows, and shows the server's answer when it arrives.
  useEffect(() => {
    let current = true;
    const token = takeTokenFromLink();
    const answer: Promise<Outcome> = token
      ? accountApi.verifyEmail(token).then(
          ({ email, changed }) => ({ state: 'verified', email, changed }),
          (error: unknown) => ({ state: 'failed', problem: messageOf(error) }),
        )
      : Promise.resolve({ state: 'failed', problem: NO_TOKEN });
    void answer.then((next) => {
      if (!current) return;
      setOutcome(next);
      // The header's notice about an unverified address goes away.
      if (next.state === 'verified') void refresh();
    });
    return () => {
      current = false;
    };
  }, [refresh]);

  return (
    <div className="section container auth-page auth-page--narrow">
      <h1>Verify your email</h1>
      <NeedsJavaScript action="Verifying your email" />
      <div className="auth-card">
        {/* While the link is checked, both are on the page and auth.css shows the one that fits. */}
        {checking && (
          <p role="status" className="link-page__with-token link-page__checking">
            Checking your link…
          </p>
        )}
        {outcome.state === 'verified' && (
          <>
            <p role="status" className="auth-form__done">
              {outcome.changed
                ? `Your email is changed: you now sign in with ${outcome.email}.`
                : `Your email address ${outcome.email} is verified.`}
            </p>
            <p>
              {user ? <AppLink href={ACCOUNT_PATH}>Go to your account</AppLink> : <AppLink href={loginHref(ACCOUNT_PATH)}>Login</AppLink>}
            </p>
          </>
        )}
        {(outcome.state === 'failed' || checking) && (
          <div className={checking ? 'link-page__without-token' : undefined}>
            <FormProblem problem={checking ? NO_TOKEN : outcome.problem} />
            {user ? <NewLink /> : (
              <p>
                <AppLink href={loginHref(ACCOUNT_PATH)}>Login</AppLink> to get a new link from your account page.
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** A new link for a signed-in user whose link did not work. */
function NewLink() {
  const { refresh } = useAuth();
  const { busy, problem, done, run } = useAccountAction(() => void refresh());
  return (
    <>
      <FormProblem problem={problem} />
      <Done message={done} />
      <button type="button" className="button" disabled={busy} onClick={() => void run(() => accountApi.resendVerification())}>
        Send a new link
      </button>
    </>
  );
}
