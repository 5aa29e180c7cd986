import { AppLink } from '../../../shared/components/app-link';
import { usePageMeta } from '../../../shared/hooks/use-page-meta';
import { STAFF_META } from '../../../shared/staff/staff-meta';
import { LoadState, useStaffLoad } from '../../../shared/staff/staff-parts';
import { RevisionHistory } from '../publishing/revision-history';
import type { Revision } from '../publishing/revisions';
import type { ItemKind } from './item-kind';
import { itemHref } from './item-paths';
import { revisionFields, type Item, type ItemField, type ItemsApi } from './items-api';

/** /staff/pages/<slug>/history, /staff/courses/<slug>/history (editor): every saved version, what changed between two, and a restore of any. */
export function ItemHistory({ kind, slug }: { readonly kind: ItemKind; readonly slug: string }) {
  const history = useStaffLoad(() => Promise.all([kind.api.item(slug), kind.api.revisions(slug)]), slug);
  const name = history.data?.[0].name;
  usePageMeta(STAFF_META, kind.noun === 'page' ? `History of the ${name ?? ''} page · ` : `History of ${name ?? ''} · `);
  return (
    <>
      <p className="staff-page__back">
        <AppLink href={itemHref(kind.room, slug)}>Back to the {kind.noun}</AppLink>
      </p>
      <h1>History{name && `: ${name}`}</h1>
      {history.data === null ? (
        <LoadState what="the history" problem={history.problem} onRetry={history.reload} />
      ) : (
        <Revisions api={kind.api} item={history.data[0]} revisions={history.data[1]} reload={history.reload} />
      )}
    </>
  );
}

function Revisions(props: { readonly api: ItemsApi; readonly item: Item; readonly revisions: readonly Revision[]; readonly reload: () => void }) {
  const { api, item, revisions, reload } = props;
  return (
    <RevisionHistory
      item={item}
      revisions={revisions}
      word="version"
      withTitle={false}
      restore={async (revision) => {
        const restored = await api.restore(item.slug, revision.number, item.head);
        reload();
        return `Version ${revision.number} restored as version ${restored.head}. Publish it to show it to visitors.`;
      }}
      compare={(older, newer) => <FieldsDiff key={`${older}-${newer}`} api={api} slug={item.slug} schema={item.schema} older={older} newer={newer} />}
    />
  );
}

/** The fields that differ between two versions, each with its old and new text. */
function FieldsDiff(props: {
  readonly api: ItemsApi;
  readonly slug: string;
  readonly schema: readonly ItemField[];
  readonly older: number;
  readonly newer: number;
}) {
  const { api, slug, schema, older, newer } = props;
  const pair = useStaffLoad(() => Promise.all([api.revision(slug, older), api.revision(slug, newer)]), `${slug}:${older}:${newer}`);
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
