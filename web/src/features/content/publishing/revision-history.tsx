import { useId, useState, type ReactNode } from 'react';
import { formatDateTime } from '../../../shared/lib/dates';
import { Badge, Cancelled, Outcome, ProblemText, useStaffAction } from '../../../shared/staff/staff-parts';
import type { Revision } from './revisions';

/** Where an item's revisions stand: its newest, the one visitors see, the one scheduled. */
export interface RevisionMarks {
  readonly head: number;
  readonly live: number | null;
  readonly scheduled: number | null;
}

/** What the editors' screens call a saved text: a notice's revision, a page's version. */
export type RevisionWord = 'revision' | 'version';

interface RevisionHistoryProps {
  readonly item: RevisionMarks;
  readonly revisions: readonly Revision[];
  readonly word: RevisionWord;
  /** A notice's title changes with its revisions; a page's name does not. */
  readonly withTitle: boolean;
  /** Restores `revision` as the newest; answers what to tell the editor. */
  readonly restore: (revision: Revision) => Promise<string>;
  /** What changed between two revisions. */
  readonly compare: (older: number, newer: number) => ReactNode;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** An item's history (a notice's or a page's): every save, newest first, a restore of any, and two compared. */
export function RevisionHistory({ item, revisions, word, withTitle, restore, compare }: RevisionHistoryProps) {
  const ids = useId();
  const action = useStaffAction();
  const numbers = revisions.map(({ number }) => number);
  const [older, setOlder] = useState(numbers[1] ?? numbers[0] ?? 1);
  const [newer, setNewer] = useState(numbers[0] ?? 1);
  const Word = capitalised(word);

  function restoreRevision(revision: Revision) {
    void action.run(async () => {
      if (!window.confirm(`Restore ${word} ${revision.number}? It becomes a new ${word}; nothing is lost.`)) throw new Cancelled();
      return restore(revision);
    });
  }

  return (
    <>
      <p>Every save is kept here, newest first. A restore saves an old {word} again as the newest; nothing is overwritten.</p>
      <ProblemText problem={action.problem} />
      <Outcome message={action.done} />
      <div className="table-box" role="region" aria-label={`${Word}s (scrolls sideways)`} tabIndex={0}>
        <table className="data-table staff-table">
          <thead>
            <tr>
              <th scope="col">{Word}</th>
              <th scope="col">Saved</th>
              {withTitle && <th scope="col">Title</th>}
              <th scope="col">Restore</th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision) => (
              <tr key={revision.number}>
                <th scope="row">
                  {revision.number}
                  {revision.number === item.live && <> <Badge tone="good">Live</Badge></>}
                  {revision.number === item.scheduled && <> <Badge tone="new">Scheduled</Badge></>}
                </th>
                <td>
                  {formatDateTime(revision.createdAt)}, by {revision.author}
                  {revision.restoredFrom !== null && <span className="content-detail">Restored from {word} {revision.restoredFrom}.</span>}
                </td>
                {withTitle && <td>{revision.title}</td>}
                <td>
                  {revision.number === item.head ? (
                    'Newest'
                  ) : (
                    <button type="button" className="button button--outline" disabled={action.busy}
                      aria-label={`Restore ${word} ${revision.number}`} onClick={() => restoreRevision(revision)}>
                      Restore
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {revisions.length > 1 && (
        <section aria-labelledby={`${ids}-compare`} className="content-compare">
          <h2 id={`${ids}-compare`}>Compare two {word}s</h2>
          <div className="content-form__row">
            <RevisionPicker id={`${ids}-older`} label={`From ${word}`} value={older} numbers={numbers} onChange={setOlder} />
            <RevisionPicker id={`${ids}-newer`} label={`To ${word}`} value={newer} numbers={numbers} onChange={setNewer} />
          </div>
          {compare(older, newer)}
        </section>
      )}
    </>
  );
}

function RevisionPicker(props: {
  readonly id: string;
  readonly label: string;
  readonly value: number;
  readonly numbers: readonly number[];
  readonly onChange: (value: number) => void;
}) {
  const { id, label, value, numbers, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {numbers.map((number) => (
          <option key={number} value={number}>
            {number}
          </option>
        ))}
      </select>
    </div>
  );
}
