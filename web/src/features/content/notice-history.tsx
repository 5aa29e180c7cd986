import { useId, useState } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { formatDateTime } from '../../shared/lib/dates';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { Badge, Cancelled, LoadState, Outcome, ProblemText, useStaffAction, useStaffLoad } from '../../shared/staff/staff-parts';
import { contentApi, type Notice, type Revision } from './content-api';
import { RevisionDiff } from './revision-diff';
import { noticeHref } from './notice-paths';

/** /staff/notices/<id>/history (editor): every saved revision, what changed between two, and a restore of any. */
export function NoticeHistory({ id }: { readonly id: number }) {
  const history = useStaffLoad(() => Promise.all([contentApi.notice(id), contentApi.revisions(id)]), String(id));
  usePageMeta(STAFF_META, `History of ${history.data?.[0].title ?? 'a notice'} · `);
  return (
    <>
      <p className="staff-page__back">
        <AppLink href={noticeHref(id)}>Back to the notice</AppLink>
      </p>
      <h1>History{history.data && `: ${history.data[0].title}`}</h1>
      {history.data === null ? (
        <LoadState what="the history" problem={history.problem} onRetry={history.reload} />
      ) : (
        <Revisions notice={history.data[0]} revisions={history.data[1]} reload={history.reload} />
      )}
    </>
  );
}

function Revisions({ notice, revisions, reload }: { readonly notice: Notice; readonly revisions: readonly Revision[]; readonly reload: () => void }) {
  const ids = useId();
  const restore = useStaffAction();
  const numbers = revisions.map(({ number }) => number);
  const [older, setOlder] = useState(numbers[1] ?? numbers[0] ?? 1);
  const [newer, setNewer] = useState(numbers[0] ?? 1);

  function restoreRevision(revision: Revision) {
    void restore.run(async () => {
      if (!window.confirm(`Restore revision ${revision.number}? It becomes a new revision; nothing is lost.`)) throw new Cancelled();
      const restored = await contentApi.restore(notice.id, revision.number, notice.head);
      reload();
      return `Revision ${revision.number} restored as revision ${restored.head}.${restored.live !== null ? ' Publish it to show it to visitors.' : ''}`;
    });
  }

  return (
    <>
      <p>Every save is kept here, newest first. A restore saves an old revision again as the newest; nothing is overwritten.</p>
      <ProblemText problem={restore.problem} />
      <Outcome message={restore.done} />
      <div className="table-box" role="region" aria-label="Revisions (scrolls sideways)" tabIndex={0}>
        <table className="data-table staff-table">
          <thead>
            <tr>
              <th scope="col">Revision</th>
              <th scope="col">Saved</th>
              <th scope="col">Title</th>
              <th scope="col">Restore</th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision) => (
              <tr key={revision.number}>
                <th scope="row">
                  {revision.number}
                  {revision.number === notice.live && <> <Badge tone="good">Live</Badge></>}
                  {revision.number === notice.scheduled && <> <Badge tone="new">Scheduled</Badge></>}
                </th>
                <td>
                  {formatDateTime(revision.createdAt)}, by {revision.author}
                  {revision.restoredFrom !== null && <span className="content-detail">Restored from revision {revision.restoredFrom}.</span>}
                </td>
                <td>{revision.title}</td>
                <td>
                  {revision.number === notice.head ? (
                    'Newest'
                  ) : (
                    <button type="button" className="button button--outline" disabled={restore.busy}
                      aria-label={`Restore revision ${revision.number}`} onClick={() => restoreRevision(revision)}>
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
          <h2 id={`${ids}-compare`}>Compare two revisions</h2>
          <div className="content-form__row">
            <RevisionPicker id={`${ids}-older`} label="From revision" value={older} numbers={numbers} onChange={setOlder} />
            <RevisionPicker id={`${ids}-newer`} label="To revision" value={newer} numbers={numbers} onChange={setNewer} />
          </div>
          <RevisionDiff key={`${older}-${newer}`} id={notice.id} older={older} newer={newer} />
        </section>
      )}
    </>
  );
}

export function RevisionPicker(props: {
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
