import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { describeWhen, formatDateTime } from '../../shared/lib/dates';
import {
  doneCounts,
  FIRST_DIRECTION,
  lessonsDone,
  sortRows,
  studentName,
  type SortKey,
  type SortOrder,
  type StudentRow,
} from './class-rows';
import { StudentDetail } from './student-detail';
import { csvPath } from './teach-api';
import { Outcome } from './teach-parts';
import { allChallenges, lessonColumns } from './tutorial-outline';
import type { LiveStatus } from './use-live-class';

/** The table has a column for each lesson of the tutorial, in reading order. */
const LESSON_IDS = lessonColumns.map(({ id }) => id);

const STATUS_TEXT: Readonly<Record<LiveStatus, string>> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  stopped: 'Not live',
};

interface ProgressSectionProps {
  readonly classId: string;
  readonly className: string;
  /** Read-only: no student can be removed. */
  readonly archived: boolean;
  readonly rows: readonly StudentRow[];
  readonly status: LiveStatus;
  readonly onReconnect: () => void;
  readonly onRemoved: (studentId: string) => void;
  readonly onApiError: (error: unknown) => void;
}

/** The class at a glance: one row per student, one column per lesson, kept live. */
export function ProgressSection({ classId, className, archived, rows, status, onReconnect, onRemoved, onApiError }: ProgressSectionProps) {
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [order, setOrder] = useState<SortOrder>({ key: 'name', direction: 'ascending' });
  // The student whose detail is open; kept while the dialog closes after they were removed.
  const [open, setOpen] = useState<StudentRow | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  // Where focus goes back to when the student's detail closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  const sorted = useMemo(() => sortRows(rows, order, LESSON_IDS), [rows, order]);
  const openRow = open && (rows.find((row) => row.id === open.id) ?? open);

  // Called once the dialog has closed, when the rest of the page can take focus again.
  function closed() {
    setOpen(null);
    const target = opener.current?.isConnected ? opener.current : heading.current;
    target?.focus();
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="record-section teach-progress">
      <div className="teach-progress__head">
        <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
          Progress
        </h2>
        <p className={`live-status live-status--${status}`} role="status">
          <span className="live-status__dot" aria-hidden="true" />
          {STATUS_TEXT[status]}
        </p>
        {status === 'stopped' && (
          <button type="button" className="button button--outline teach-progress__reconnect" onClick={onReconnect}>
            Reconnect
          </button>
        )}
        <a className="button button--outline teach-progress__csv" href={csvPath(classId)} download>
          Download CSV
        </a>
      </div>
      <Outcome message={removed} />
      {rows.length === 0 ? (
        <p>No students yet. They appear here as they join, and their progress as they work.</p>
      ) : (
        <ProgressTable className={className} rows={sorted} order={order} onSort={setOrder}
          onOpen={(row, button) => {
            opener.current = button;
            setRemoved(null);
            setOpen(row);
          }} />
      )}
      {openRow && (
        <StudentDetail classId={classId} className={className} archived={archived} row={openRow} onClosed={closed} onApiError={onApiError}
          onRemoved={() => {
            setRemoved(`${studentName(openRow)} is removed from the class.`);
            onRemoved(openRow.id);
          }} />
      )}
    </section>
  );
}

interface ProgressTableProps {
  readonly className: string;
  readonly rows: readonly StudentRow[];
  readonly order: SortOrder;
  readonly onSort: (order: SortOrder) => void;
  readonly onOpen: (row: StudentRow, button: HTMLButtonElement) => void;
}

const SORT_NAMES: Readonly<Record<SortKey, string>> = {
  name: 'name',
  progress: 'lessons done',
  passed: 'challenges passed',
  lastActive: 'last active',
};

function ProgressTable({ className, rows, order, onSort, onOpen }: ProgressTableProps) {
  const ids = useId();
  const counts = doneCounts(rows, LESSON_IDS);
  const now = useNow();

  const sortHeader = (key: SortKey, label: string, extraClass = '') => {
    const active = order.key === key;
    const next: SortOrder = active
      ? { key, direction: order.direction === 'ascending' ? 'descending' : 'ascending' }
      : { key, direction: FIRST_DIRECTION[key] };
    return (
      <th scope="col" className={extraClass || undefined} aria-sort={active ? order.direction : undefined}>
        <button type="button" className="class-table__sort" onClick={() => onSort(next)}>
          {label}
          <span className="class-table__arrow" aria-hidden="true">
            {active ? (order.direction === 'ascending' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    // The table scrolls inside its own box; the box takes focus, so keyboards can scroll it too.
    <div className="table-box class-table__box" role="region" aria-labelledby={`${ids}-caption`} tabIndex={0}>
      <table className="data-table class-table">
        <caption id={`${ids}-caption`}>
          Progress of the {rows.length === 1 ? 'student' : `${rows.length} students`} of {className}, sorted by{' '}
          {SORT_NAMES[order.key]}
          {order.direction === 'ascending' ? ', ascending' : ', descending'}. Open a student to see the code that passed.
        </caption>
        <thead>
          <tr>
            {sortHeader('name', 'Student', 'class-table__name')}
            <th scope="col">Email</th>
            {sortHeader('progress', 'Lessons done')}
            {sortHeader('passed', 'Challenges passed')}
            {sortHeader('lastActive', 'Last active')}
            {lessonColumns.map((lesson) => (
              <th scope="col" key={lesson.id} className="class-table__lesson">
                {lesson.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className="class-table__name">
                <button type="button" className="class-table__open" aria-haspopup="dialog"
                  onClick={(event) => onOpen(row, event.currentTarget)}>
                  {studentName(row)}
                </button>
              </th>
              <td>{row.email}</td>
              <td className="class-table__number">
                {lessonsDone(row, LESSON_IDS)} of {lessonColumns.length}
              </td>
              <td className="class-table__number">
                {row.passed} of {allChallenges.length}
              </td>
              <td>
                {row.lastActive === null ? (
                  'Never'
                ) : (
                  <time dateTime={new Date(row.lastActive).toISOString()}>{describeWhen(row.lastActive, now)}</time>
                )}
              </td>
              {lessonColumns.map((lesson) => {
                const at = row.done.get(lesson.id);
                return (
                  <td key={lesson.id} className="class-table__mark">
                    {at === undefined ? <span className="visually-hidden">Not done</span> : <DoneMark at={at} />}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="class-table__name">
              Students done
            </th>
            <td />
            <td />
            <td />
            <td />
            {counts.map((count, index) => (
              <td key={lessonColumns[index]!.id} className="class-table__mark">
                {count} of {rows.length}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The time now, moving on every half minute, so that "5 minutes ago" stays true. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** A lesson done: a tick, with the date on hover and on keyboard focus. */
function DoneMark({ at }: { readonly at: number }) {
  const id = useId();
  return (
    <span className="done-mark" tabIndex={0} aria-describedby={id}>
      <span aria-hidden="true">✓</span>
      <span className="visually-hidden">Done</span>
      <span role="tooltip" id={id} className="done-mark__tip">
        <time dateTime={new Date(at).toISOString()}>{formatDateTime(at)}</time>
      </span>
    </span>
  );
}
