import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { useAction } from '../../shared/hooks/use-action';
import { useHydrated } from '../../shared/hooks/use-hydrated';
import { FormProblem, messageOf, NeedsJavaScript } from '../../shared/components/form-parts';
import { passwordResetApi } from './password-reset-api';
import '../../shared/styles/forms.css';

/** /login/forgot: asks for a link by mail to choose a new password. Its own chunk. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  // What to tell the user once the link is asked for is the action's outcome.
  const { busy, problem, done: sent, run } = useAction(messageOf);
  const ids = useId();
  const hydrated = useHydrated();
  const sentMessage = useRef<HTMLParagraphElement>(null);

  // The form, and the button that had focus, are gone: focus moves to the answer.
  useEffect(() => {
    if (sent) sentMessage.current?.focus();
  }, [sent]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return;
    void run(async () => {
      const message = await passwordResetApi.requestLink(email);
      setEmail('');
      return message;
    });
  }

  return (
    <div className="section container auth-page auth-page--narrow">
      <h1>Forgot your password?</h1>
      <NeedsJavaScript action="Choosing a new password" />
      <section className="auth-card" aria-labelledby={`${ids}-heading`}>
        <h2 id={`${ids}-heading`}>Get a link by mail</h2>
        {/* Always present, so screen readers announce the answer when it is filled in. */}
        <div role="status">
          {sent && (
            <p ref={sentMessage} tabIndex={-1} className="auth-form__done">
              {sent}
            </p>
          )}
        </div>
        {!sent && (
          <form onSubmit={submit} className="auth-form">
            <fieldset className="auth-form__fields" disabled={!hydrated}>
              <p>Enter the email address of your account. We will send it a link to choose a new password.</p>
              <div className="field">
                <label htmlFor={`${ids}-email`}>Email address</label>
                <input id={`${ids}-email`} type="email" name="email" autoComplete="email" required
                  value={email} onChange={(event) => setEmail(event.target.value)} />
              </div>
              <FormProblem problem={problem} />
              <div className="auth-form__actions">
                <button type="submit" className="button" disabled={busy}>
                  Send link
                </button>
              </div>
            </fieldset>
          </form>
        )}
        <p className="auth-card__footer">
          <AppLink href="/login">Back to login</AppLink>
        </p>
      </section>
    </div>
  );
}
