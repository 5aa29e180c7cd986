import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { LoadState, useStaffLoad } from '../../shared/staff/staff-parts';
import { contentApi, type Notice, type Revision } from './content-api';
import { RevisionDiff } from './revision-diff';
import { noticeHref } from './notice-paths';
import { RevisionHistory } from './revision-history';

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
  return (
    <RevisionHistory
      item={notice}
      revisions={revisions}
      word="revision"
      withTitle
      restore={async (revision) => {
        const restored = await contentApi.restore(notice.id, revision.number, notice.head);
        reload();
        return `Revision ${revision.number} restored as revision ${restored.head}.${restored.live !== null ? ' Publish it to show it to visitors.' : ''}`;
      }}
      compare={(older, newer) => <RevisionDiff key={`${older}-${newer}`} id={notice.id} older={older} newer={newer} />}
    />
  );
}
