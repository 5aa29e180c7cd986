import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../shared/components/app-link';
import { useAction } from '../../shared/hooks/use-action';
import { useLoad } from '../../shared/hooks/use-load';
import { ApiError } from '../../shared/lib/api-client';
import { useAuth } from '../../shared/auth/auth-context';
import { FormProblem, messageOf, NeedsJavaScript, NewPasswordField } from '../../shared/components/form-parts';
import { passwordResetApi } from './password-reset-api';
import { FORGOT_PASSWORD_PATH, secondFactorHref } from '../../shared/paths/account';
import '../../shared/styles/forms.css';

/** Whether the link this page was opened with can be used. */
type LinkState = 'checking' | 'usable' | 'unusable';

const NO_TOKEN = 'This page works with the link from your mail. Open the link again, or ask for a new one.';

/** The token of a reset link: in the fragment (`#token=...`), which browsers never send. */
function tokenInLink(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** The link's token, once the server has said the link can be used; else fails with why not. */
function usableToken(): Promise<string> {
  const token = tokenInLink();
  if (!token) return Promise.reject(new Error(NO_TOKEN));
  return passwordResetApi.checkLink(token).then(() => token);
}

/**
 * /login/reset#token=...: the page a reset mail links to. The prerendered HTML
 * cannot know the token, so the form stays disabled until the browser has read
 * it and the server has said the link can be used. Its own chunk.
 */
export default function ResetPasswordPage() {
  const { setUser } = useAuth();
  const [, navigate] = useLocation();
  // Asks the server about the link once the page shows, and shows its answer when it arrives.
  const check = useLoad(usableToken, 'link');
  // The link expired while the user typed: then a new one is offered.
  const [expired, setExpired] = useState(false);
  const [password, setPassword] = useState('');
  const { busy, problem: resetProblem, run } = useAction(messageOf);
  const ids = useId();
  const link: LinkState = check.loading ? 'checking' : check.problem || expired ? 'unusable' : 'usable';
  const checking = link === 'checking';
  const problem = resetProblem ?? check.problem;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return;
    void run(async () => {
      try {
        const { user, secondFactor } = await passwordResetApi.resetPassword(check.data ?? '', password);
        setPassword('');
        if (secondFactor) {
          // The password is set; the account's code signs in.
          navigate(secondFactorHref('/'));
        } else {
          setUser(user);
          navigate('/');
        }
      } catch (error) {
        if (error instanceof ApiError && error.code === 'reset-link-invalid') setExpired(true);
        throw error;
      }
      return null;
    });
  }

  return (
    <div className="section container auth-page auth-page--narrow">
      <h1>Choose a new password</h1>
      <NeedsJavaScript action="Choosing a new password" />
      <div className="auth-card">
        {/* While the link is checked, both are on the page and forms.css shows the one that fits. */}
        {link !== 'usable' && (
          <div className={checking ? 'link-page__without-token' : undefined}>
            <FormProblem problem={checking ? NO_TOKEN : problem} />
            <p>
              <AppLink href={FORGOT_PASSWORD_PATH}>Ask for a new link</AppLink>
            </p>
          </div>
        )}
        {link !== 'unusable' && (
          <form onSubmit={submit} className={checking ? 'auth-form link-page__with-token' : 'auth-form'}>
            <fieldset className="auth-form__fields" disabled={link !== 'usable'}>
              <NewPasswordField id={`${ids}-password`} label="New password" value={password}
                onChange={(event) => setPassword(event.target.value)} />
              <FormProblem problem={problem} />
              <div className="auth-form__actions">
                <button type="submit" className="button" disabled={busy}>
                  Set new password
                </button>
              </div>
            </fieldset>
          </form>
        )}
      </div>
    </div>
  );
}
