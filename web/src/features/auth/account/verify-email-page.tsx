import { useSignedInAction } from '../../../shared/hooks/use-action';
import { AppLink } from '../../../shared/components/app-link';
import { useAuth } from '../../../shared/auth/auth-context';
import { useSecondFactorGate } from '../../../shared/auth/second-factor-gate';
import { FormProblem, NeedsJavaScript } from '../../../shared/components/form-parts';
import { useLoad } from '../../../shared/hooks/use-load';
import { ACCOUNT_PATH } from '../../../shared/paths/account';
import { loginHref } from '../../../shared/auth/return-to';
import { accountApi } from './account-api';
import { Done } from './account-parts';
import '../../../shared/styles/forms.css';
import './account.css';

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
  useSecondFactorGate();
  // Uses the link once the page shows, and shows the server's answer when it arrives.
  const outcome = useLoad(() => {
    const token = takeTokenFromLink();
    if (!token) return Promise.reject(new Error(NO_TOKEN));
    return accountApi.verifyEmail(token).then((verified) => {
      // The header's notice about an unverified address goes away.
      void refresh();
      return verified;
    });
  }, 'link');
  const verified = outcome.data;
  const checking = outcome.loading;

  return (
    <div className="section container auth-page auth-page--narrow">
      <h1>Verify your email</h1>
      <NeedsJavaScript action="Verifying your email" />
      <div className="auth-card">
        {/* While the link is checked, both are on the page and forms.css shows the one that fits. */}
        {checking && (
          <p role="status" className="link-page__with-token link-page__checking">
            Checking your link…
          </p>
        )}
        {verified && (
          <>
            <p role="status" className="auth-form__done">
              {verified.changed
                ? `Your email is changed: you now sign in with ${verified.email}.`
                : `Your email address ${verified.email} is verified.`}
            </p>
            <p>
              {user ? <AppLink href={ACCOUNT_PATH}>Go to your account</AppLink> : <AppLink href={loginHref(ACCOUNT_PATH)}>Login</AppLink>}
            </p>
          </>
        )}
        {(outcome.problem || checking) && (
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
  const { busy, problem, done, run } = useSignedInAction(() => void refresh());
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
