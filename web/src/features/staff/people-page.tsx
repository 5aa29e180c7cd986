import { useId, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { formatDate } from '../../shared/lib/dates';
import { staffApi, type Person } from './staff-api';
import { countOf } from '../../shared/staff/lists';
import { dateOrNever, rolesLabel, signInLabel } from './staff-format';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { LoadState, Pager, useStaffLoad } from '../../shared/staff/staff-parts';
import { atPage, peopleFilters, QUERY_MAX, queryOf, type PeopleFilters } from './staff-query';
import { PEOPLE_PATH, personHref } from './staff-views';
import { useSearchBox } from '../../shared/staff/use-search-box';

const peopleHref = (filters: PeopleFilters) => `${PEOPLE_PATH}${queryOf(filters)}`;

/** /staff/people (admin): the accounts, by email, 50 a page, with a search by email or name. */
export function PeoplePage({ search }: { readonly search: string }) {
  usePageMeta(STAFF_META, 'People · ');
  const filters = peopleFilters(search);
  const query = queryOf(filters);
  const list = useStaffLoad(() => staffApi.people(filters), query);
  const ids = useId();

  return (
    <>
      <h1>People</h1>
      <PeopleSearch filters={filters} />
      <section aria-labelledby={`${ids}-title`} aria-busy={list.loading}>
        <h2 id={`${ids}-title`} className="visually-hidden">
          Accounts
        </h2>
        {list.data === null ? (
          <LoadState what="the accounts" problem={list.problem} onRetry={list.reload} />
        ) : (
          <>
            <p role="status" className="staff-list__count">
              {list.loading ? 'Loading…' : list.data.total === 0 ? 'No account matches.' : countOf(list.data.total, 'account')}
            </p>
            {list.data.people.length > 0 && (
              <div className="table-box" role="region" aria-label="Accounts (scrolls sideways)" tabIndex={0}>
                <table className="data-table staff-table">
                  <thead>
                    <tr>
                      <th scope="col">Email</th>
                      <th scope="col">Name</th>
                      <th scope="col">Created</th>
                      <th scope="col">Signs in with</th>
                      <th scope="col">Email verified</th>
                      <th scope="col">Last active</th>
                      <th scope="col">Roles</th>
                      <th scope="col">Classes taught / joined</th>
                      <th scope="col">Account</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.people.map((person) => (
                      <PersonRow key={person.id} person={person} search={query} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pager paged={list.data} shown={list.data.people.length} label="Pages of accounts"
              hrefAt={(page) => peopleHref(atPage(filters, page))} />
          </>
        )}
      </section>
    </>
  );
}

function PersonRow({ person, search }: { readonly person: Person; readonly search: string }) {
  return (
    <tr>
      <th scope="row">
        <AppLink href={personHref(person.id, search)}>{person.email}</AppLink>
      </th>
      <td>{person.displayName ?? '—'}</td>
      <td>{formatDate(person.createdAt)}</td>
      <td>{signInLabel(person.signIn)}</td>
      <td>{person.emailVerified ? 'Yes' : 'No'}</td>
      <td>{dateOrNever(person.lastActiveAt)}</td>
      <td>{rolesLabel(person.roles)}</td>
      <td>
        {person.classesTaught} / {person.classesJoined}
      </td>
      <td>{person.disabled ? <strong>Disabled</strong> : 'Active'}</td>
    </tr>
  );
}

/** The search by email or name: after a pause in typing, or at once on Enter. */
function PeopleSearch({ filters }: { readonly filters: PeopleFilters }) {
  const [, navigate] = useLocation();
  const ids = useId();
  const go = (q: string, replace: boolean) => navigate(peopleHref({ q, page: 1 }), { replace });
  const box = useSearchBox(filters.q, go);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go(box.now(), false);
  }

  return (
    <form role="search" aria-label="Accounts" className="staff-filters" onSubmit={submit}>
      <div className="field staff-filters__search">
        <label htmlFor={`${ids}-q`}>Search by email or name</label>
        <input id={`${ids}-q`} type="search" name="q" value={box.typed} maxLength={QUERY_MAX} autoComplete="off"
          onChange={(event) => box.change(event.target.value)} />
      </div>
      <button type="submit" className="button staff-filters__submit">
        Search
      </button>
    </form>
  );
}
