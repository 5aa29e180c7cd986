import { useEffect, useId, useRef, useState } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { ApiError } from '../../shared/lib/api-client';
import { formatDateTime } from '../../shared/lib/dates';
import { useIdentityCheck } from './identity-check';
import { staffApi, type Person, type PersonDetail, type Role } from './staff-api';
import { countOf } from '../../shared/staff/lists';
import { dateOrNever, ROLE_LABELS, signInLabel } from './staff-format';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { Badge, Outcome, ProblemText, useStaffLoad, useStaffAction } from '../../shared/staff/staff-parts';
import { peopleFilters, queryOf } from './staff-query';
import { PEOPLE_PATH } from './staff-views';

const ROLES: readonly Role[] = ['teacher', 'office', 'admin', 'editor', 'grievance-committee'];

/** /staff/people/<id> (admin): one account, its roles, signing it out, disabling and enabling it. */
export function PersonPage({ id, search }: { readonly id: string; readonly search: string }) {
  const loaded = useStaffLoad(() => staffApi.person(id), id);
  const person = loaded.data;
  usePageMeta(STAFF_META, person ? `${person.email} · ` : 'Person · ');

  const back = (
    <p className="staff-page__back">
      <AppLink href={`${PEOPLE_PATH}${queryOf(peopleFilters(search))}`}>Back to people</AppLink>
    </p>
  );
  if (!person) {
    const notFound = loaded.error instanceof ApiError && loaded.error.code === 'not-found';
    return (
      <>
        {back}
        <h1>{notFound ? 'Account not found' : 'Account'}</h1>
        {notFound ? (
          <p>There is no such account: it may have been deleted.</p>
        ) : loaded.problem ? (
          <ProblemText problem={loaded.problem} />
        ) : (
          <p role="status">Loading the account…</p>
        )}
      </>
    );
  }
  // An action answers with the account without its classes, which do not change.
  const update = (changed: Person) => loaded.replace({ ...person, ...changed });
  return (
    <>
      {back}
      <h1 className="staff-page__title">{person.displayName ?? person.email}</h1>
      <Facts person={person} />
      <Classes person={person} />
      <Actions person={person} onChanged={update} />
    </>
  );
}

function Facts({ person }: { readonly person: PersonDetail }) {
  return (
    <dl className="staff-facts">
      <dt>Email</dt>
      <dd>
        {person.email} {person.emailVerified ? '(verified)' : '(not verified)'}
      </dd>
      <dt>Name</dt>
      <dd>{person.displayName ?? '—'}</dd>
      <dt>Account</dt>
      <dd>
        {person.disabled ? (
          <Badge tone="bad">Disabled{person.disabledAt !== null && ` since ${formatDateTime(person.disabledAt)}`}</Badge>
        ) : (
          'Active'
        )}
      </dd>
      <dt>Created</dt>
      <dd>{formatDateTime(person.createdAt)}</dd>
      <dt>Signs in with</dt>
      <dd>{signInLabel(person.signIn)}</dd>
      <dt>Two-step sign-in</dt>
      <dd>
        {person.secondFactor ? 'On' : person.roles.length > 0 ? <Badge tone="bad">Not set up: staff pages stay closed</Badge> : 'Off'}
      </dd>
      <dt>Last active</dt>
      <dd>{dateOrNever(person.lastActiveAt)}</dd>
    </dl>
  );
}

function Classes({ person: { classes } }: { readonly person: PersonDetail }) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-title`} className="record-section staff-card">
      <h2 id={`${ids}-title`}>Classes</h2>
      <h3>Teaches {countOf(classes.taught.length, 'class', 'classes')}</h3>
      {classes.taught.length > 0 && (
        <ul>
          {classes.taught.map((item) => (
            <li key={item.id}>{item.name}</li>
          ))}
        </ul>
      )}
      <h3>Joined {countOf(classes.joined.length, 'class', 'classes')}</h3>
      {classes.joined.length > 0 && (
        <ul>
          {classes.joined.map((item) => (
            <li key={item.id}>
              {item.name}
              {item.teacher && `, taught by ${item.teacher}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Roles, signing out everywhere, resetting two-step sign-in, disabling and enabling: each asks for the admin's password when the server wants it. */
function Actions({ person, onChanged }: { readonly person: PersonDetail; readonly onChanged: (person: Person) => void }) {
  const ids = useId();
  const action = useStaffAction();
  const { confirmed, dialog } = useIdentityCheck();
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const disableButton = useRef<HTMLButtonElement>(null);
  const name = person.displayName ?? person.email;

  const toggleRole = (role: Role, grant: boolean) =>
    action.run(async () => {
      const changed = await confirmed(() => staffApi.setRole(person.id, role, grant));
      onChanged(changed);
      if (!grant) return `${name} is no longer ${ROLE_LABELS[role]?.toLowerCase()}.`;
      const next = changed.secondFactor ? '' : ' Staff sign in in two steps: until they set it up on their account page, staff pages stay closed to them.';
      return `${name} is now ${ROLE_LABELS[role]?.toLowerCase()}.${next}`;
    });

  const setChair = (chair: boolean) =>
    action.run(async () => {
      onChanged(await confirmed(() => staffApi.setGrievanceChair(person.id, chair)));
      return chair ? `${name} chairs the grievance committee.` : `${name} no longer chairs the grievance committee.`;
    });

  const signOut = () =>
    action.run(async () => {
      const answer = await staffApi.signOut(person.id);
      onChanged(answer.person);
      return `Signed out everywhere: ${countOf(answer.sessionsEnded, 'session')} ended.`;
    });

  const disable = () =>
    action.run(async () => {
      setConfirmingDisable(false);
      // The question goes away: the focus goes back to its button (and there after the password dialog).
      disableButton.current?.focus();
      onChanged(await confirmed(() => staffApi.disable(person.id)));
      return `${name}’s account is disabled: it cannot sign in, and its sessions have ended.`;
    });

  const enable = () =>
    action.run(async () => {
      onChanged(await staffApi.enable(person.id));
      return `${name}’s account is enabled again.`;
    });

  const resetSecondFactor = () =>
    action.run(async () => {
      onChanged(await confirmed(() => staffApi.resetSecondFactor(person.id)));
      return `${name}’s two-step sign-in is off: they are signed out, were mailed, and set it up again at their next sign-in.`;
    });

  return (
    <section aria-labelledby={`${ids}-title`} className="record-section staff-card">
      <h2 id={`${ids}-title`}>Roles and access</h2>
      <ul className="staff-roles">
        {ROLES.map((role) => {
          const has = person.roles.includes(role);
          return (
            <li key={role} className="staff-roles__item">
              <span>
                <strong>{ROLE_LABELS[role]}</strong>: {has ? 'has this role' : 'does not have this role'}
              </span>
              <button type="button" className="button button--outline" onClick={() => void toggleRole(role, !has)}>
                {has ? `Revoke ${ROLE_LABELS[role]?.toLowerCase()}` : `Grant ${ROLE_LABELS[role]?.toLowerCase()}`}
              </button>
              {role === 'grievance-committee' && has && (
                <span className="staff-roles__chair">
                  {person.grievanceChair ? 'Chairperson of the committee. ' : ''}
                  <button type="button" className="button button--outline" onClick={() => void setChair(!person.grievanceChair)}>
                    {person.grievanceChair ? 'No longer the chairperson' : 'Make chairperson'}
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className="staff-actions">
        <button type="button" className="button button--outline" onClick={() => void signOut()}>
          Sign out everywhere
        </button>
        {person.secondFactor && (
          <button type="button" className="button button--outline" onClick={() => void resetSecondFactor()}>
            Reset two-step sign-in
          </button>
        )}
        {person.disabled ? (
          <button type="button" className="button button--outline" onClick={() => void enable()}>
            Enable account
          </button>
        ) : (
          <button ref={disableButton} type="button" className="button staff-button--danger" aria-expanded={confirmingDisable}
            onClick={() => setConfirmingDisable(true)}>
            Disable account…
          </button>
        )}
      </div>
      {confirmingDisable && !person.disabled && (
        <DisableQuestion name={name} onYes={() => void disable()}
          onNo={() => {
            setConfirmingDisable(false);
            disableButton.current?.focus();
          }} />
      )}
      <ProblemText problem={action.problem} />
      <Outcome message={action.busy ? 'Saving…' : action.done} />
      {dialog}
    </section>
  );
}

/** The confirm step before disabling: takes the focus as it appears. */
function DisableQuestion({ name, onYes, onNo }: { readonly name: string; readonly onYes: () => void; readonly onNo: () => void }) {
  const ids = useId();
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div className="staff-question" role="group" aria-labelledby={`${ids}-question`}>
      {/* The question is what a keyboard user lands on. */}
      <p id={`${ids}-question`} tabIndex={-1} ref={question}>
        Disable {name}’s account? It will not be able to sign in, and every session of it ends now. You can enable it
        again later.
      </p>
      <div className="staff-actions">
        <button type="button" className="button staff-button--danger" onClick={onYes}>
          Disable
        </button>
        <button type="button" className="button button--outline" onClick={onNo}>
          Cancel
        </button>
      </div>
    </div>
  );
}
