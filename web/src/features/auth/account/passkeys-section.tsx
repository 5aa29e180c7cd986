import { useId, useState } from 'react';
import { passkeysSupported } from '../passkeys';
import { FormProblem } from '../../../shared/components/form-parts';
import { useLoad } from '../../../shared/hooks/use-load';
import { formatDate } from '../../../shared/lib/dates';
import { passkeysApi, type Passkey } from './passkeys-api';
import { ProofForm } from './proof-form';
import type { TwoStepStatus } from './two-step-api';

interface PasskeysProps {
  readonly uid: string;
  readonly status: TwoStepStatus;
  readonly onSignedOut: () => void;
}

const KIND_TEXT: Record<Passkey['kind'], string> = {
  passkey: 'Passkey: signs you in by itself',
  'security-key': 'Security key: a second step after your password',
};

/**
 * Passkeys and security keys: the list (name, kind, when added and last used),
 * adding one and removing one, each after the identity check. A passkey checks
 * its owner (fingerprint, face, PIN) and signs in alone; a security key without
 * a PIN is a second step beside the app, so it can be added once the app is on.
 */
export function PasskeysSection({ uid, status, onSignedOut }: PasskeysProps) {
  const ids = useId();
  const read = useLoad(passkeysApi.list, `passkeys ${uid}`);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [kind, setKind] = useState<Passkey['kind']>('passkey');
  const [name, setName] = useState('');
  const list = read.data;
  const proofProps = { hasPassword: status.hasPassword, askCode: status.on, onSignedOut };

  return (
    <>
      <section className="auth-card" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>Passkeys and security keys</h2>
        <p>
          A passkey lets you sign in with your phone&apos;s or computer&apos;s fingerprint, face or screen lock instead of a
          password, and cannot be phished.
        </p>
        {!list ? (
          read.problem ? <FormProblem problem={read.problem} /> : <p role="status">Loading…</p>
        ) : list.passkeys.length === 0 ? (
          <p>You have not added any yet.</p>
        ) : (
          <ul className="passkeys__list">
            {list.passkeys.map((passkey) => (
              <li key={passkey.id} className="passkeys__item">
                <strong>{passkey.name}</strong>
                <span>
                  {passkey.kind === 'passkey' && !passkey.withSecondStep && (status.on || status.required)
                    ? 'Passkey added before two-step sign-in: your code is asked for after it. Remove it and add it again to sign in with it alone.'
                    : KIND_TEXT[passkey.kind]}
                </span>
                <span>
                  Added {formatDate(passkey.createdAt)};{' '}
                  {passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'not used yet'}
                </span>
                <button type="button" className="button button--outline"
                  aria-label={`Remove ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {removing && (
        <ProofForm key={removing.id} title={`Remove “${removing.name}”`} button="Remove" {...proofProps}
          about="It will no longer sign you in. You can add it again later."
          action={async (proof) => {
            read.replace(await passkeysApi.remove(removing.id, proof));
            setRemoving(null);
            return null;
          }} />
      )}
      {list && list.passkeys.length < list.max && (
        <ProofForm title="Add a passkey" button={kind === 'passkey' ? 'Add passkey' : 'Add security key'} {...proofProps}
          about="Your browser will then ask you to create it: on this device, on your phone, or on a security key."
          action={async (proof) => {
            if (!passkeysSupported()) throw new Error('This browser cannot make passkeys. Try another browser or device.');
            read.replace(await passkeysApi.add(kind, name, proof));
            setName('');
            return `Added. It can now sign you in.`;
          }}>
          <div className="field">
            <label htmlFor={`${ids}-name`}>Name</label>
            <input id={`${ids}-name`} name="passkey-name" maxLength={60} autoComplete="off" aria-describedby={`${ids}-name-hint`}
              value={name} onChange={(event) => setName(event.target.value)} />
            <p id={`${ids}-name-hint`} className="field__hint">So you can tell it apart later, for example “My phone”.</p>
          </div>
          {status.on && (
            <fieldset className="field">
              <legend>Kind</legend>
              <div className="field--checkbox">
                <input id={`${ids}-passkey`} type="radio" name="passkey-kind" checked={kind === 'passkey'}
                  onChange={() => setKind('passkey')} />
                <label htmlFor={`${ids}-passkey`}>Passkey (fingerprint, face, screen lock or PIN)</label>
              </div>
              <div className="field--checkbox">
                <input id={`${ids}-key`} type="radio" name="passkey-kind" checked={kind === 'security-key'}
                  onChange={() => setKind('security-key')} />
                <label htmlFor={`${ids}-key`}>Security key without a PIN (a second step only)</label>
              </div>
            </fieldset>
          )}
        </ProofForm>
      )}
    </>
  );
}
