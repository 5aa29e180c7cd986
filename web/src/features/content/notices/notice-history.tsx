import { AppLink } from '../../../shared/components/app-link';
import { usePageMeta } from '../../../shared/hooks/use-page-meta';
import { STAFF_META } from '../../../shared/staff/staff-meta';
import { LoadState, useStaffLoad } from '../../../shared/staff/staff-parts';
import { RevisionDiff } from '../publishing/revision-diff';
import { RevisionHistory } from '../publishing/revision-history';
import type { Revision } from '../publishing/revisions';
import { noticeHref } from './notice-paths';
import { noticesApi, type Notice } from './notices-api';

/** /staff/notices/<id>/history (editor): every saved revision, what changed between two, and a restore of any. */
export function NoticeHistory({ id }: { readonly id: number }) {
  const history = useStaffLoad(() => Promise.all([noticesApi.notice(id), noticesApi.revisions(id)]), String(id));
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
        const restored = await noticesApi.restore(notice.id, revision.number, notice.head);
        reload();
        return `Revision ${revision.number} restored as revision ${restored.head}.${restored.live !== null ? ' Publish it to show it to visitors.' : ''}`;
      }}
      compare={(older, newer) => (
        <RevisionDiff key={`${older}-${newer}`} item={String(notice.id)} older={older} newer={newer}
          read={(number) => noticesApi.revision(notice.id, number)} facts={changedFacts} />
      )}
    />
  );
}

/** What a notice keeps besides its text, in words: its title, category and pin. */
function changedFacts(from: Revision, to: Revision): string[] {
  const facts: string[] = [];
  if (from.title !== to.title) facts.push(`Title: “${from.title}” became “${to.title}”.`);
  if (from.category !== to.category) facts.push(`Category: ${from.category} became ${to.category}.`);
  if (from.pinned !== to.pinned) facts.push(to.pinned ? 'Pinned.' : 'No longer pinned.');
  return facts;
}
