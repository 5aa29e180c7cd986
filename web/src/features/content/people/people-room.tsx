import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../../shared/components/app-link';
import { usePageMeta } from '../../../shared/hooks/use-page-meta';
import { ApiError } from '../../../shared/lib/api-client';
import { formatDateTime } from '../../../shared/lib/dates';
import { countOf } from '../../../shared/staff/lists';
import { STAFF_META } from '../../../shared/staff/staff-meta';
import { Badge, Cancelled, LoadState, Outcome, ProblemText, useStaffAction, useStaffLoad } from '../../../shared/staff/staff-parts';
import { PEOPLE_KIND, stateLabel } from '../items/item-kind';
import { itemHistoryHref, itemHref } from '../items/item-paths';
import { itemRoom } from '../items/items-room';
import { stateDetail, stateTone } from '../publishing/publish-state';
import { addPerson, FACULTY_CSV_PATH, listPeople, putInOrder, type PersonSummary } from './people-api';
import '../content.css';

/** `/staff/directory` and a page of each person: the faculty and staff directory (editor). */
export const peopleRoom = itemRoom(PEOPLE_KIND, PeopleList);

/** The directory's list: adding a person, the faculty list as CSV, then current and former people. */
function PeopleList() {
  usePageMeta(STAFF_META, `${PEOPLE_KIND.label} · `);
  const list = useStaffLoad(listPeople, PEOPLE_KIND.room);
  const [words, setWords] = useState('');
  const ids = useId();
  const shown = (list.data ?? []).filter((person) => person.name.toLowerCase().includes(words.trim().toLowerCase()));
  const current = shown.filter((person) => !person.former);
  const former = shown.filter((person) => person.former);
  return (
    <>
      <h1>{PEOPLE_KIND.label}</h1>
      <p>{PEOPLE_KIND.intro}</p>
      {list.data !== null && <NeedsDetails people={list.data} />}
      <AddPerson />
      <FacultyList />
      <div className="field content-filter">
        <label htmlFor={`${ids}-words`}>Find by name</label>
        <input id={`${ids}-words`} type="search" value={words} onChange={(event) => setWords(event.target.value)} />
      </div>
      {list.data === null ? (
        <LoadState what="the directory" problem={list.problem} onRetry={list.reload} />
      ) : (
        <>
          <PeopleTable title={`With the college (${countOf(current.length, 'person', 'people')})`} people={current}
            order={words.trim() === '' ? { all: current, onMoved: list.reload } : undefined} />
          <PeopleTable title={`Former staff (${countOf(former.length, 'person', 'people')})`} people={former} />
        </>
      )}
    </>
  );
}

/** The records made for committees' members that the office has still to fill in, first thing. */
function NeedsDetails({ people }: { readonly people: readonly PersonSummary[] }) {
  const waiting = people.filter((person) => person.needsDetails);
  if (waiting.length === 0) return null;
  return (
    <p className="content-checklist">
      <strong>{countOf(waiting.length, 'record needs', 'records need')} details:</strong> made for the committees’ members,
      they are named on the disclosure but have no page until you fill them in and publish them:{' '}
      {waiting.map((person) => person.name).join(', ')}.
    </p>
  );
}

function AddPerson() {
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useStaffAction();
  const ids = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void add.run(async () => {
      setProblem(null);
      try {
        const person = await addPerson(name);
        navigate(itemHref(PEOPLE_KIND.room, person.slug));
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.field === 'name') {
          setProblem(error.message);
          document.getElementById(`${ids}-name`)?.focus();
          throw new Cancelled();
        }
        throw error;
      }
    });
  }

  return (
    <form className="auth-form content-form" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Add a person</h2>
      <div className="field">
        <label htmlFor={`${ids}-name`}>Name, as the college writes it (Dr Meera Shah)</label>
        <input id={`${ids}-name`} name="name" value={name} maxLength={120} required autoComplete="off"
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${ids}-error` : undefined}
          onChange={(event) => setName(event.target.value)} />
        {problem && (
          <p className="field__error" id={`${ids}-error`} role="alert">
            {problem}
          </p>
        )}
      </div>
      <ProblemText problem={add.problem} />
      <button type="submit" className="button" disabled={add.busy}>
        {add.busy ? 'Adding…' : 'Add and fill in'}
      </button>
      <Outcome message={add.done} />
    </form>
  );
}

/** The faculty list NIRF and NAAC ask for, for the academic year holding a day: a plain download. */
function FacultyList() {
  const ids = useId();
  return (
    <form className="content-form" method="get" action={FACULTY_CSV_PATH} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Faculty list for NIRF and NAAC</h2>
      <div className="field">
        <label htmlFor={`${ids}-on`}>For the academic year (July to June) that holds</label>
        <input id={`${ids}-on`} name="on" type="date" aria-describedby={`${ids}-hint`} />
        <p id={`${ids}-hint`} className="field__hint">
          Leave empty for this academic year. Every teacher with the college on any day of it, with designation,
          department, highest degree, NET/SET/PhD, joining and leaving dates, terms and experience in months.
        </p>
      </div>
      <button type="submit" className="button button--outline">
        Download the faculty list (CSV)
      </button>
    </form>
  );
}

/** What moving a person within their department needs: everyone listed in order, and what to do once moved. */
interface Ordering {
  readonly all: readonly PersonSummary[];
  readonly onMoved: () => void;
}

/** The people of `person`'s department in their order, with `person` moved one place by `step` (none: already first or last). */
function movedOrder(all: readonly PersonSummary[], person: PersonSummary, step: -1 | 1): string[] | null {
  const department = all.filter((other) => other.department === person.department);
  const at = department.indexOf(person);
  const to = at + step;
  if (to < 0 || to >= department.length) return null;
  const slugs = department.map((other) => other.slug);
  [slugs[at], slugs[to]] = [slugs[to]!, slugs[at]!];
  return slugs;
}

function PeopleTable({ title, people, order }: { readonly title: string; readonly people: readonly PersonSummary[]; readonly order?: Ordering }) {
  const ids = useId();
  const move = useStaffAction();

  function moveBy(person: PersonSummary, step: -1 | 1) {
    const slugs = order && movedOrder(order.all, person, step);
    if (!order || !slugs) return;
    void move.run(async () => {
      await putInOrder(slugs);
      order.onMoved();
      return `${person.name} moved ${step < 0 ? 'up' : 'down'} in ${person.department}. Visitors see the new order now.`;
    });
  }

  return (
    <section aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{title}</h2>
      {people.length === 0 ? (
        <p>Nobody here.</p>
      ) : (
        <div className="table-box" role="region" aria-labelledby={`${ids}-title`} tabIndex={0}>
          <table className="data-table staff-table">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Post</th>
                <th scope="col">State</th>
                <th scope="col">Last change</th>
                <th scope="col">History</th>
                {order && <th scope="col">Place in the department</th>}
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.slug}>
                  <th scope="row">
                    <AppLink href={itemHref(PEOPLE_KIND.room, person.slug)}>{person.name}</AppLink>
                  </th>
                  <td>
                    {person.designation ? `${person.designation}, ${person.department}` : 'No appointment yet'}
                    {person.leftOn && <span className="content-detail">Left on {person.leftOn}</span>}
                  </td>
                  <td>
                    {person.needsDetails ? (
                      <Badge tone="bad">Needs details</Badge>
                    ) : (
                      <Badge tone={stateTone(person)}>{stateLabel(PEOPLE_KIND, person)}</Badge>
                    )}
                    {stateDetail(person) && <span className="content-detail">{stateDetail(person)}</span>}
                  </td>
                  <td>
                    {formatDateTime(person.updatedAt)}, by {person.updatedBy}
                  </td>
                  <td>
                    <AppLink href={itemHistoryHref(PEOPLE_KIND.room, person.slug)}>
                      History<span className="visually-hidden"> of {person.name}</span>
                    </AppLink>
                  </td>
                  {order && (
                    <td className="staff-actions">
                      <button type="button" className="button button--outline" disabled={move.busy || !movedOrder(order.all, person, -1)}
                        onClick={() => moveBy(person, -1)}>
                        Up<span className="visually-hidden">, move {person.name} up in {person.department}</span>
                      </button>
                      <button type="button" className="button button--outline" disabled={move.busy || !movedOrder(order.all, person, 1)}
                        onClick={() => moveBy(person, 1)}>
                        Down<span className="visually-hidden">, move {person.name} down in {person.department}</span>
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {order && <ProblemText problem={move.problem} />}
      {order && <Outcome message={move.done} />}
    </section>
  );
}
