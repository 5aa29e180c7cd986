import { useId } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { formatDate } from '../../shared/lib/dates';
import { STAFF_GRIEVANCES_PATH } from '../../shared/paths/staff-rooms';
import { countOf } from '../../shared/staff/lists';
import { STAFF_META } from '../../shared/staff/staff-meta';
import type { StaffRoom, StaffRoomPageProps } from '../../shared/staff/staff-room';
import { Badge, LoadState, Pager, useStaffLoad } from '../../shared/staff/staff-parts';
import { GrievancePage } from './grievance-page';
import { grievanceQueue, type GrievanceSummary } from './grievances-api';
import '../../shared/styles/grievance-facts.css';
import './grievances.css';

/** `/staff/grievances` and a page of each grievance: the students' grievance committee's room. */
export const grievancesRoom: StaffRoom = {
  role: 'grievance-committee',
  label: 'Grievances',
  path: STAFF_GRIEVANCES_PATH,
  Page: ({ path, search }: StaffRoomPageProps) => {
    const number = decodeURIComponent(path.slice(STAFF_GRIEVANCES_PATH.length + 1));
    return number ? <GrievancePage key={number} number={number} /> : <GrievanceQueue search={search} />;
  },
};

const STATUSES: readonly (readonly [string, string])[] = [
  ['open', 'Open (received, with the committee, hearing set)'],
  ['received', 'Received, not yet referred'],
  ['referred', 'With the committee'],
  ['hearing', 'Hearing set'],
  ['decided', 'Decided'],
  ['appealed', 'Appealed'],
  ['closed', 'Closed'],
  ['all', 'All'],
];

const CATEGORIES: readonly (readonly [string, string])[] = [
  ['', 'Any'],
  ['admission', 'Admission'],
  ['fees', 'Fees and refunds'],
  ['examinations', 'Examinations and evaluation'],
  ['teaching', 'Teaching and attendance'],
  ['facilities', 'Facilities'],
  ['certificates', 'Certificates and documents'],
  ['harassment', 'Harassment or discrimination'],
  ['other', 'Something else'],
];

const DUES: readonly (readonly [string, string])[] = [
  ['', 'Any time'],
  ['overdue', 'Overdue'],
  ['week', 'Due within a week'],
];

interface Filters {
  readonly status: string;
  readonly category: string;
  readonly due: string;
  readonly page: number;
}

function filtersOf(search: string): Filters {
  const query = new URLSearchParams(search);
  return {
    status: query.get('status') || 'open',
    category: query.get('category') ?? '',
    due: query.get('due') ?? '',
    page: Math.max(1, Number(query.get('page')) || 1),
  };
}

/** The room's address for `filters` (the API's pages count from 0). */
function queueHref(filters: Filters): string {
  const query = new URLSearchParams({ status: filters.status });
  if (filters.category) query.set('category', filters.category);
  if (filters.due) query.set('due', filters.due);
  if (filters.page > 1) query.set('page', String(filters.page));
  return `${STAFF_GRIEVANCES_PATH}?${query.toString()}`;
}

function apiSearch(filters: Filters): string {
  const query = new URLSearchParams({ status: filters.status, page: String(filters.page - 1) });
  if (filters.category) query.set('category', filters.category);
  if (filters.due) query.set('due', filters.due);
  return `?${query.toString()}`;
}

/** The queue: open grievances first, the soonest due first, with the filters kept in the address. */
function GrievanceQueue({ search }: { readonly search: string }) {
  usePageMeta(STAFF_META, 'Grievances · ');
  const filters = filtersOf(search);
  const list = useStaffLoad(() => grievanceQueue(apiSearch(filters)), apiSearch(filters));
  const [, navigate] = useLocation();
  const ids = useId();
  const go = (change: Partial<Filters>) => navigate(queueHref({ ...filters, ...change, page: 1 }));
  const select = (name: 'status' | 'category' | 'due', label: string, options: readonly (readonly [string, string])[]) => (
    <div className="field">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <select id={`${ids}-${name}`} value={filters[name]} onChange={(event) => go({ [name]: event.target.value })}>
        {options.map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <h1>Grievances</h1>
      <p>
        Students’ grievances under the UGC’s regulations of 2023. Only the committee can read them; each time you open one,
        the audit log records it.
      </p>
      <form className="staff-filters" aria-label="Grievances" onSubmit={(event) => event.preventDefault()}>
        {select('status', 'Status', STATUSES)}
        {select('category', 'About', CATEGORIES)}
        {select('due', 'Due', DUES)}
      </form>
      <section aria-labelledby={`${ids}-title`} aria-busy={list.loading}>
        <h2 id={`${ids}-title`} className="visually-hidden">
          The grievances
        </h2>
        {list.data === null ? (
          <LoadState what="the grievances" problem={list.problem} onRetry={list.reload} />
        ) : (
          <>
            <p role="status" className="staff-list__count">
              {list.data.total === 0 ? 'No grievances match.' : countOf(list.data.total, 'grievance')}
            </p>
            <p>
              {list.data.chair
                ? `The committee’s chairperson: ${list.data.chair}.`
                : 'No member is marked as the committee’s chairperson: an admin marks one in People.'}
            </p>
            {list.data.grievances.length > 0 && <QueueTable grievances={list.data.grievances} />}
            <Pager paged={{ total: list.data.total, page: filters.page, pageSize: list.data.pageSize }}
              shown={list.data.grievances.length} label="Pages of grievances"
              hrefAt={(page) => queueHref({ ...filters, page })} />
          </>
        )}
      </section>
    </>
  );
}

function QueueTable({ grievances }: { readonly grievances: readonly GrievanceSummary[] }) {
  return (
    <div className="table-scroll" role="region" aria-label="Grievances" tabIndex={0}>
      <table className="data-table staff-table">
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">About</th>
            <th scope="col">Filed</th>
            <th scope="col">Status</th>
            <th scope="col">Next</th>
          </tr>
        </thead>
        <tbody>
          {grievances.map((grievance) => (
            <tr key={grievance.number}>
              <th scope="row">
                <AppLink href={`${STAFF_GRIEVANCES_PATH}/${encodeURIComponent(grievance.number)}`}>{grievance.number}</AppLink>
              </th>
              <td>{grievance.categoryWords}</td>
              <td>{formatDate(grievance.receivedAt)}</td>
              <td>{grievance.statusWords}</td>
              <td>
                {grievance.overdue && <Badge tone="bad">Overdue</Badge>} {grievance.next}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
