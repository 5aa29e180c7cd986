import { useId, useState } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { formatDateTime } from '../../shared/lib/dates';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { Badge, Cancelled, LoadState, Outcome, ProblemText, useStaffAction, useStaffLoad } from '../../shared/staff/staff-parts';
import type { Revision } from './content-api';
import { RevisionPicker } from './notice-history';
import { sitePageHref } from './page-paths';
import { pagesApi, revisionFields, type PageField, type SitePage } from './pages-api';

/** /staff/pages/<slug>/history (editor): every saved version of a page, what changed between two, and a restore of any. */
export function PageHistory({ slug }: { readonly slug: string }) {
  const history = useStaffLoad(() => Promise.all([pagesApi.page(slug), pagesApi.revisions(slug)]), slug);
  const name = history.data?.[0].name;
  usePageMeta(STAFF_META, `History of the ${name ?? ''} page · `);
  return (
    <>
      <p className="staff-page__back">
        <AppLink href={sitePageHref(slug)}>Back to the page</AppLink>
      </p>
      <h1>History{name && `: ${name}`}</h1>
      {history.data === null ? (
        <LoadState what="the history" problem={history.problem} onRetry={history.reload} />
      ) : (
        <Revisions page={history.data[0]} revisions={history.data[1]} reload={history.reload} />
      )}
    </>
  );
}

function Revisions({ page, revisions, reload }: { readonly page: SitePage; readonly revisions: readonly Revision[]; readonly reload: () => void }) {
  const ids = useId();
  const restore = useStaffAction();
  const numbers = revisions.map(({ number }) => number);
  const [older, setOlder] = useState(numbers[1] ?? numbers[0] ?? 1);
  const [newer, setNewer] = useState(numbers[0] ?? 1);

  function restoreRevision(revision: Revision) {
    void restore.run(async () => {
      if (!window.confirm(`Restore version ${revision.number}? It becomes a new version; nothing is lost.`)) throw new Cancelled();
      const restored = await pagesApi.restore(page.slug, revision.number, page.head);
      reload();
      return `Version ${revision.number} restored as version ${restored.head}. Publish it to show it to visitors.`;
    });
  }

  return (
    <>
      <p>Every save is kept here, newest first. A restore saves an old version again as the newest; nothing is overwritten.</p>
      <ProblemText problem={restore.problem} />
      <Outcome message={restore.done} />
      <div className="table-box" role="region" aria-label="Versions (scrolls sideways)" tabIndex={0}>
        <table className="data-table staff-table">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Saved</th>
              <th scope="col">Restore</th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision) => (
              <tr key={revision.number}>
                <th scope="row">
                  {revision.number}
                  {revision.number === page.live && <> <Badge tone="good">Live</Badge></>}
                  {revision.number === page.scheduled && <> <Badge tone="new">Scheduled</Badge></>}
                </th>
                <td>
                  {formatDateTime(revision.createdAt)}, by {revision.author}
                  {revision.restoredFrom !== null && <span className="content-detail">Restored from version {revision.restoredFrom}.</span>}
                </td>
                <td>
                  {revision.number === page.head ? (
                    'Newest'
                  ) : (
                    <button type="button" className="button button--outline" disabled={restore.busy}
                      aria-label={`Restore version ${revision.number}`} onClick={() => restoreRevision(revision)}>
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
          <h2 id={`${ids}-compare`}>Compare two versions</h2>
          <div className="content-form__row">
            <RevisionPicker id={`${ids}-older`} label="From version" value={older} numbers={numbers} onChange={setOlder} />
            <RevisionPicker id={`${ids}-newer`} label="To version" value={newer} numbers={numbers} onChange={setNewer} />
          </div>
          <FieldsDiff key={`${older}-${newer}`} slug={page.slug} schema={page.schema} older={older} newer={newer} />
        </section>
      )}
    </>
  );
}

/** The fields that differ between two versions, each with its old and new text. */
function FieldsDiff(props: { readonly slug: string; readonly schema: readonly PageField[]; readonly older: number; readonly newer: number }) {
  const { slug, schema, older, newer } = props;
  const pair = useStaffLoad(() => Promise.all([pagesApi.revision(slug, older), pagesApi.revision(slug, newer)]), `${slug}:${older}:${newer}`);
  if (pair.data === null) return <LoadState what="the two versions" problem={pair.problem} onRetry={pair.reload} />;
  const [from, to] = pair.data.map(revisionFields);
  const changed = schema.filter(({ key }) => from![key] !== to![key]);
  if (changed.length === 0) return <p className="content-diff">The two versions are the same.</p>;
  return (
    <dl className="content-diff content-diff--fields" aria-label={`Fields of version ${older} against version ${newer}`}>
      {changed.map(({ key, label }) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd className="content-diff__removed">
            <del>
              <span className="visually-hidden">Was: </span>
              {from![key] ?? '(empty)'}
            </del>
          </dd>
          <dd className="content-diff__added">
            <ins>
              <span className="visually-hidden">Now: </span>
              {to![key] ?? '(empty)'}
            </ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
