import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { formatDateTime } from '../../shared/lib/dates';
import { staffApi, type AuditEntry } from './staff-api';
import { countOf } from '../../shared/staff/lists';
import { actionLabel } from './staff-format';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { LoadState, Pager, ProblemText, useStaffLoad } from '../../shared/staff/staff-parts';
import { atPage, auditFilters, QUERY_MAX, queryOf, type AuditFilters } from './staff-query';
import { AUDIT_PATH } from './staff-views';

const auditHref = (filters: AuditFilters) => `${AUDIT_PATH}${queryOf(filters)}`;

/** /staff/audit (admin): every staff action, newest first, filtered by who did it and what. */
export function AuditPage({ search }: { readonly search: string }) {
  usePageMeta(STAFF_META, 'Audit log · ');
  const filters = auditFilters(search);
  const query = queryOf(filters);
  const log = useStaffLoad(() => staffApi.audit(filters), query);
  const ids = useId();
  // The server's list of actions, kept from its last answer while the next one loads.
  const actions = log.data?.actions ?? [];

  return (
    <>
      <h1>Audit log</h1>
      <AuditForm key={query} filters={filters} actions={actions} />
      <section aria-labelledby={`${ids}-title`} aria-busy={log.loading}>
        <h2 id={`${ids}-title`} className="visually-hidden">
          Entries
        </h2>
        {log.data === null ? (
          <LoadState what="the audit log" problem={log.problem} onRetry={log.reload} />
        ) : (
          <>
            <ProblemText problem={log.problem} />
            <p role="status" className="staff-list__count">
              {log.loading ? 'Loading…' : log.data.total === 0 ? 'No entries match.' : countOf(log.data.total, 'entry', 'entries')}
            </p>
            {log.data.entries.length > 0 && (
              <div className="table-box" role="region" aria-label="Audit log entries (scrolls sideways)" tabIndex={0}>
                <table className="data-table staff-table">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">Action</th>
                      <th scope="col">To whom or what</th>
                      <th scope="col">From IP</th>
                    </tr>
                  </thead>
                  <tbody>
                    {log.data.entries.map((entry) => (
                      <EntryRow key={entry.id} entry={entry} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pager paged={log.data} shown={log.data.entries.length} label="Pages of the audit log"
              hrefAt={(page) => auditHref(atPage(filters, page))} />
          </>
        )}
      </section>
    </>
  );
}

function EntryRow({ entry }: { readonly entry: AuditEntry }) {
  return (
    <tr>
      <td>
        <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>
      </td>
      <td>{entry.actor}</td>
      <td>{actionLabel(entry.action)}</td>
      <td>{entry.target}</td>
      <td>{entry.ip ?? '—'}</td>
    </tr>
  );
}

/** The filters: a person's email and an action; applied with the button (or Enter), kept in the address. */
function AuditForm({ filters, actions }: { readonly filters: AuditFilters; readonly actions: readonly string[] }) {
  const [, navigate] = useLocation();
  const ids = useId();
  const [actor, setActor] = useState(filters.actor);
  const [action, setAction] = useState(filters.action);
  // An action in the address that the server did not list is still offered, so the select shows it.
  const options = action && !actions.includes(action) ? [...actions, action] : actions;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(auditHref({ actor: actor.trim(), action, page: 1 }));
  }

  return (
    <form role="search" aria-label="Audit log" className="staff-filters" onSubmit={submit} noValidate>
      <div className="field staff-filters__search">
        <label htmlFor={`${ids}-actor`}>Person (email)</label>
        <input id={`${ids}-actor`} type="email" name="actor" value={actor} maxLength={QUERY_MAX} autoComplete="off"
          aria-describedby={`${ids}-actor-hint`} onChange={(event) => setActor(event.target.value)} />
        <p id={`${ids}-actor-hint`} className="field__hint">
          Who did it: their whole email address.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-action`}>Action</label>
        <select id={`${ids}-action`} name="action" value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">Every action</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {actionLabel(name)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button staff-filters__submit">
        Filter
      </button>
    </form>
  );
}
