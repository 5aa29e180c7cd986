import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAuth } from '../../../shared/auth/auth-context';
import { loginHref, safeReturnTo } from '../../../shared/auth/return-to';
import { AppLink } from '../../../shared/components/app-link';
import { CodeField } from '../../../shared/components/code-field';
import { FormProblem, NeedsJavaScript } from '../../../shared/components/form-parts';
import { QrCode } from '../../../shared/components/qr-code';
import { useSignedInAction } from '../../../shared/hooks/use-action';
import { useLoad } from '../../../shared/hooks/use-load';
import { ApiError } from '../../../shared/lib/api-client';
import { formatDate } from '../../../shared/lib/dates';
import { ACCOUNT_PATH, TWO_STEP_PATH } from '../../../shared/paths/account';
import { PasskeysSection } from './passkeys-section';
import { ProofForm } from './proof-form';
import { RecoveryCodes } from './recovery-codes';
import { twoStepApi, type NewKey, type TwoStepStatus } from './two-step-api';
import '../../../shared/styles/forms.css';
import './account.css';

/**
 * /account/two-step: set up two-step sign-in (an authenticator app, then ten
 * recovery codes shown once), make new codes, or turn it off; and the account's
 * passkeys and security keys. A staff account
 * without it is sent here and can open nothing else until it is on; it then
 * goes on to `returnTo`. Its own chunk.
 */
export default function TwoStepPage() {
  const { user, refresh } = useAuth();
  const [, navigate] = useLocation();
  const returnTo = safeReturnTo(new URLSearchParams(useSearch()).get('returnTo'));
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const read = useLoad(twoStepApi.status, user ? `two-step ${user.uid}` : null, (error) => {
    if (error instanceof ApiError && error.code === 'not-signed-in') void refresh();
  });

  useEffect(() => {
    if (user === null) navigate(loginHref(TWO_STEP_PATH), { replace: true });
  }, [user, navigate]);

  const signedOut = () => void refresh();
  const status = read.data;
  let body;
  if (codes) {
    body = (
      <RecoveryCodes codes={codes} onDone={() => {
        setCodes(null);
        // The session's user says the factor is on before the page it was needed for opens.
        void refresh().then(() => returnTo !== '/' && navigate(returnTo));
      }} />
    );
  } else if (!status) {
    // Taller than a screen, as what replaces it is: nothing in view moves when it comes.
    body = read.problem ? <FormProblem problem={read.problem} /> : <p role="status" className="two-step__loading">Loading…</p>;
  } else if (status.on) {
    body = <Manage status={status} onStatus={read.replace} onCodes={setCodes} onSignedOut={signedOut} />;
  } else {
    body = <SetUp status={status} onOn={(next, made) => {
      read.replace(next);
      setCodes(made);
    }} onSignedOut={signedOut} />;
  }
  // A staff account without the app reaches nothing else until it is on, passkeys included.
  const passkeys = user && status && !codes && (status.on || !status.required);

  return (
    <div className="section container auth-page auth-page--narrow signed-in-page">
      <p>
        <AppLink href={ACCOUNT_PATH}>Back to your account</AppLink>
      </p>
      <h1>Two-step sign-in</h1>
      {/* What it is, whether it is on or off: in the first HTML, with the page's frame. */}
      <p className="lead">
        After your password (or Google), signing in asks for a code from an authenticator app on your phone, such as
        Google Authenticator, Microsoft Authenticator or any app for TOTP codes. Someone who learns your password still
        cannot sign in.
      </p>
      <NeedsJavaScript action="Setting up two-step sign-in" />
      {body}
      {passkeys && <PasskeysSection uid={user.uid} status={status} onSignedOut={signedOut} />}
    </div>
  );
}

interface SetUpProps {
  readonly status: TwoStepStatus;
  readonly onOn: (status: TwoStepStatus, codes: readonly string[]) => void;
  readonly onSignedOut: () => void;
}

/**
 * Off: the password first (a session left open elsewhere must not set up its own
 * app), then a key to scan or type, and its first code turns it on.
 */
function SetUp({ status, onOn, onSignedOut }: SetUpProps) {
  const ids = useId();
  const [key, setKey] = useState<NewKey | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, run } = useSignedInAction(onSignedOut);

  function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      setKey(await twoStepApi.start({ password: status.hasPassword ? password : undefined }));
      setPassword('');
      return null;
    });
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const { status: next, recoveryCodes } = await twoStepApi.confirm(code);
      onOn(next, recoveryCodes ?? []);
      return null;
    });
  }

  return (
    <section className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Set up two-step sign-in</h2>
      {status.required && (
        <p className="two-step__required">
          Your account holds a staff role, so it signs in in two steps. Set it up to continue: until then, staff pages stay
          closed to it.
        </p>
      )}
      {!status.available ? (
        <p className="auth-form__problem">Two-step sign-in is not available on this server yet. Please tell the college office.</p>
      ) : !key ? (
        <form onSubmit={start} className="auth-form">
          <p>
            Setting it up signs your account out on every other device.
            {status.hasPassword ? ' First, your password:' : ' It needs a sign-in in the last few minutes.'}
          </p>
          {status.hasPassword && (
            <div className="field">
              <label htmlFor={`${ids}-password`}>Current password</label>
              <input id={`${ids}-password`} type="password" name="current-password" autoComplete="current-password"
                required maxLength={128} value={password} onChange={(event) => setPassword(event.target.value)} />
            </div>
          )}
          <FormProblem problem={problem} />
          <div className="auth-form__actions">
            <button type="submit" className="button" disabled={busy}>
              Set up two-step sign-in
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={confirm} className="auth-form">
          <h3>1. Add this site to your app</h3>
          <p>Scan this QR code with the app:</p>
          <QrCode text={key.uri} label="QR code of the key for your authenticator app" className="two-step__qr" />
          <p id={`${ids}-key-label`}>Cannot scan it? Type this key into the app instead:</p>
          <p>
            <code className="two-step__key" aria-labelledby={`${ids}-key-label`}>{key.key}</code>
          </p>
          <h3>2. Type the code the app shows</h3>
          <CodeField id={`${ids}-code`} value={code} onChange={setCode} label="Code from the app" />
          <FormProblem problem={problem} />
          <div className="auth-form__actions">
            <button type="submit" className="button" disabled={busy}>
              Turn on
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

interface ManageProps {
  readonly status: TwoStepStatus;
  readonly onStatus: (status: TwoStepStatus) => void;
  readonly onCodes: (codes: readonly string[]) => void;
  readonly onSignedOut: () => void;
}

/** On: when, how many recovery codes are left; new codes, or off, after the identity check. */
function Manage({ status, onStatus, onCodes, onSignedOut }: ManageProps) {
  return (
    <>
      <section className="auth-card">
        <p role="status">
          Two-step sign-in is <strong>on</strong>
          {status.since ? ` since ${formatDate(status.since)}` : ''}. You have {status.recoveryCodesLeft} recovery code
          {status.recoveryCodesLeft === 1 ? '' : 's'} left.
        </p>
      </section>
      <ProofForm title="New recovery codes" hasPassword={status.hasPassword} button="Make new codes" onSignedOut={onSignedOut}
        about="Lost your list, or used most of it? New codes replace the old ones, which stop working."
        action={async (proof) => {
          const { status: next, recoveryCodes } = await twoStepApi.renewCodes(proof);
          onStatus(next);
          onCodes(recoveryCodes ?? []);
          return null;
        }} />
      <ProofForm title="Turn off two-step sign-in" hasPassword={status.hasPassword} button="Turn off" onSignedOut={onSignedOut}
        about={status.required
          ? 'Staff accounts need two-step sign-in: after turning it off (to move it to a new phone, say), set it up again before opening staff pages.'
          : 'Signing in will need only your password or Google again.'}
        action={async (proof) => {
          onStatus(await twoStepApi.turnOff(proof));
          return null;
        }} />
    </>
  );
}
