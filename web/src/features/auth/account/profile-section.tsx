import { useId, useState, type FormEvent } from 'react';
import { useSignedInAction } from '../../../shared/hooks/use-action';
import { formatDate } from '../../../shared/lib/dates';
import { FormProblem } from '../../../shared/components/form-parts';
import { accountApi, type AccountRecord } from './account-api';
import { Done } from './account-parts';
import { ACCOUNT_SECTIONS } from './account-contents';

interface ProfileSectionProps {
  readonly account: AccountRecord;
  readonly onSaved: (account: AccountRecord) => void;
  readonly onSignedOut: () => void;
}

/** Name and mobile, which the user can change; what else the account is. */
export function ProfileSection({ account, onSaved, onSignedOut }: ProfileSectionProps) {
  const [displayName, setDisplayName] = useState(account.displayName ?? '');
  const [mobile, setMobile] = useState(account.mobile ?? '');
  const { busy, problem, done, run } = useSignedInAction(onSignedOut);
  const ids = useId();
  const methods = [account.signInMethods.password && 'Password', account.signInMethods.google && 'Google'].filter(Boolean);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const saved = await accountApi.updateProfile(displayName, mobile);
      setDisplayName(saved.displayName ?? '');
      setMobile(saved.mobile ?? '');
      onSaved(saved);
      return 'Your profile is saved.';
    });
  }

  return (
    <section id={ACCOUNT_SECTIONS.profile.id} className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{ACCOUNT_SECTIONS.profile.title}</h2>
      <dl className="account-page__facts">
        <div>
          <dt>Email</dt>
          <dd>{account.email}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{formatDate(account.memberSince)}</dd>
        </div>
        <div>
          <dt>You sign in with</dt>
          <dd>{methods.join(' and ')}</dd>
        </div>
      </dl>
      <form onSubmit={submit} className="auth-form">
        <div className="field">
          <label htmlFor={`${ids}-name`}>Display name</label>
          <input id={`${ids}-name`} name="displayName" autoComplete="name" required maxLength={100}
            value={displayName} onChange={(event) => setDisplayName(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-mobile`}>Mobile number</label>
          <input id={`${ids}-mobile`} type="tel" name="mobile" autoComplete="tel" maxLength={24}
            aria-describedby={`${ids}-mobile-rule`} value={mobile} onChange={(event) => setMobile(event.target.value)} />
          <p id={`${ids}-mobile-rule`} className="field__hint">
            7 to 15 digits, with a + in front if you like. Leave it empty to remove it.
          </p>
        </div>
        <FormProblem problem={problem} />
        <Done message={done} />
        <div className="auth-form__actions">
          <button type="submit" className="button" disabled={busy}>
            Save profile
          </button>
        </div>
      </form>
    </section>
  );
}
