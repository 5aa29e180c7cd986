import { useId } from 'react';
import { useAuth } from '../../../shared/auth/auth-context';
import { AppLink } from '../../../shared/components/app-link';
import { TWO_STEP_PATH } from '../../../shared/paths/account';
import { ACCOUNT_SECTIONS } from './account-contents';

/** Two-step sign-in at a glance, with the way to its own page (where passkeys are too). */
export function TwoStepSection() {
  const ids = useId();
  const { user } = useAuth();
  const on = user?.secondFactor === true;
  return (
    <section id={ACCOUNT_SECTIONS.twoStep.id} className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{ACCOUNT_SECTIONS.twoStep.title}</h2>
      <p>
        {on
          ? 'On: signing in asks for a code from your authenticator app after your password or Google.'
          : 'Off. Turn it on so that someone who learns your password still cannot sign in.'}
      </p>
      <p>
        <AppLink href={TWO_STEP_PATH}>{on ? 'Manage two-step sign-in and passkeys' : 'Set up two-step sign-in or a passkey'}</AppLink>
      </p>
    </section>
  );
}
