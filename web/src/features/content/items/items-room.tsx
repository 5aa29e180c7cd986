import { useId, type ReactNode } from 'react';
import { AppLink } from '../../../shared/components/app-link';
import { usePageMeta } from '../../../shared/hooks/use-page-meta';
import { STAFF_META } from '../../../shared/staff/staff-meta';
import type { StaffRoom, StaffRoomPageProps } from '../../../shared/staff/staff-room';
import { Badge, LoadState, useStaffLoad } from '../../../shared/staff/staff-parts';
import { stateDetail, stateTone } from '../publishing/publish-state';
import { HistoryLink, ItemNameCell, lastChange } from './item-cells';
import { ItemEditor } from './item-editor';
import { ItemHistory } from './item-history';
import { COURSES_KIND, neverPublished, nounWord, PAGES_KIND, stateLabel, type ItemKind } from './item-kind';
import { itemRoute } from './item-paths';
import '../content.css';

/** What a room lists its items with. */
export type ItemListPage = (props: { readonly kind: ItemKind }) => ReactNode;

/**
 * The editors' room of items of `kind`: its list (`List`, where a kind lists its items its own
 * way) and, below it, the editor and history of each.
 */
export function itemRoom(kind: ItemKind, List: ItemListPage = ItemList): StaffRoom {
  return {
    role: 'editor',
    label: kind.label,
    path: kind.room,
    Page: ({ path }: StaffRoomPageProps) => {
      const route = itemRoute(kind.room, path);
      switch (route.name) {
        case 'list':
          return <List kind={kind} />;
        case 'edit':
          return <ItemEditor key={route.slug} kind={kind} slug={route.slug} />;
        case 'history':
          return <ItemHistory key={route.slug} kind={kind} slug={route.slug} />;
        case 'unknown':
          return <NoSuchPage kind={kind} />;
      }
    },
  };
}

/** `/staff/pages` and a page of each: the site's own pages. */
export const pagesRoom = itemRoom(PAGES_KIND);
/** `/staff/courses` and a page of each: the courses. */
export const coursesRoom = itemRoom(COURSES_KIND);

/** The room's list (editor): its items, where each stands and who changed it last. */
function ItemList({ kind }: { readonly kind: ItemKind }) {
  usePageMeta(STAFF_META, `${kind.label} · `);
  const list = useStaffLoad(() => kind.api.list(), kind.room);
  const ids = useId();
  const noun = nounWord(kind);
  return (
    <>
      <h1>{kind.label}</h1>
      <p>{kind.intro}</p>
      <section aria-labelledby={`${ids}-title`} aria-busy={list.loading}>
        <h2 id={`${ids}-title`} className="visually-hidden">
          {kind.label}
        </h2>
        {list.data === null ? (
          <LoadState what={`the ${kind.label.toLowerCase()}`} problem={list.problem} onRetry={list.reload} />
        ) : (
          <div className="table-box" role="region" aria-label={`${kind.label} (scrolls sideways)`} tabIndex={0}>
            <table className="data-table staff-table">
              <thead>
                <tr>
                  <th scope="col">{noun}</th>
                  <th scope="col">State</th>
                  <th scope="col">Last change</th>
                  <th scope="col">History</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((item) => (
                  <tr key={item.slug}>
                    <ItemNameCell room={kind.room} item={item} />
                    <td>
                      <Badge tone={neverPublished(kind, item) ? 'bad' : stateTone(item)}>{stateLabel(kind, item)}</Badge>
                      {stateDetail(item) && <span className="content-detail">{stateDetail(item)}</span>}
                    </td>
                    <td>{lastChange(item)}</td>
                    <td>
                      <HistoryLink room={kind.room} item={item} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function NoSuchPage({ kind }: { readonly kind: ItemKind }) {
  usePageMeta(STAFF_META);
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no such {kind.noun} to edit. <AppLink href={kind.room}>See the {kind.label.toLowerCase()}</AppLink>.
      </p>
    </>
  );
}
