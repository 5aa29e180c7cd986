import { useId } from 'react';
import { GRIEVANCES_PATH } from '../../../shared/paths/notices';
import { ACCOUNT_SECTIONS } from './account-contents';

/** Where a student files a grievance with the college, and follows those they filed (server pages). */
export function GrievancesSection() {
  const ids = useId();
  return (
    <section id={ACCOUNT_SECTIONS.grievances.id} className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{ACCOUNT_SECTIONS.grievances.title}</h2>
      <p>
        If something at the college has gone wrong for you, file a grievance: only you and the college’s grievance committee
        read it, and the college must act on it within the days the UGC sets.
      </p>
      <p>
        <a className="button button--outline" href={`${GRIEVANCES_PATH}/new`}>
          File a grievance
        </a>{' '}
        <a href={GRIEVANCES_PATH}>My grievances</a>
      </p>
    </section>
  );
}
