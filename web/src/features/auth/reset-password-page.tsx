import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../shared/components/app-link';
import { ApiError } from '../../shared/lib/api-client';
import { useAuth } from './auth-context';
import { FormProblem, messageOf, NeedsJavaScript, NewPasswordField } from './form-parts';
import { passwordResetApi } from './password-reset-api';
import { FORGOT_PASSWORD_PATH } from './paths';
import './auth.css';

/** Whether the link this page was opened with can be used. */
type LinkState = 'checking' | 'usable' | 'unusable';

const NO_TOKEN = 'This page works with the link from your mail. Open the link again, or ask for a new one.';

/** The token of a reset link: in the fragment (`#token=...`), which browsers never send. */
function tokenInLink(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/**
 * /login/reset#token=...: the page a reset mail links to. The prerendered HTML
 * cannot know the token, so the form stays disabled until the browser has read
 * it and the server has said the link can be used. Its own chunk.
 */
export default function ResetPasswordPage() {
  const { setUser } = useAuth();
  const [, navigate] = useLocation();
  const [token, setToken] = useState('');
  const [link, setLink] = useState<LinkState>('checking');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const checking = link === 'checking';

  // Asks the server about the link, and shows its answer when it arrives.
  useEffect(() => {
    let current = true;
    const fromLink = tokenInLink();
    const answer = fromLink ? passwordResetApi.checkLink(fromLink).then(() => null) : Promise.resolve(NO_TOKEN);
    answer
      .catch((error: unknown) => messageOf(error))
      .then((refusal) => {
        if (!current) return;
        setToken(fromLink);
        setLink(refusal ? 'unusable' : 'usable');
        setProblem(refusal);
      });
    return () => {
      current = false;
    };
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const user = await passwordResetApi.resetPassword(token, password);
      setPassword('');
      setUser(user);
      navigate('/');
    } catch (error) {
      // The link may have expired while the user typed: then offer a new one.
      if (error instanceof ApiError && error.code === 'reset-link-invalid') setLink('unusable');
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="section container auth-page auth-page--narrow">
      <h1>Choose a new password</h1>
      <NeedsJavaScript action="Choosing a new password" />
      <div className="auth-card">
        {/* While the link is checked, both are on the page and auth.css shows the one that fits. */}
        {link !== 'usable' && (
          <div className={checking ? 'link-page__without-token' : undefined}>
            <FormProblem problem={checking ? NO_TOKEN : problem} />
            <p>
              <AppLink href={FORGOT_PASSWORD_PATH}>Ask for a new link</AppLink>
            </p>
          </div>
        )}
        {link !== 'unusable' && (
          <form onSubmit={(event) => void submit(event)} className={checking ? 'auth-form link-page__with-token' : 'auth-form'}>
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
