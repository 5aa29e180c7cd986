import { useId } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { formatDateTime } from '../../shared/lib/dates';
import { STAFF_PAGES_PATH } from '../../shared/paths/staff';
import { STAFF_META } from '../../shared/staff/staff-meta';
import type { StaffRoom, StaffRoomPageProps } from '../../shared/staff/staff-room';
import { Badge, LoadState, useStaffLoad } from '../../shared/staff/staff-parts';
import { STATE_LABELS, stateDetail, stateTone } from './notice-state';
import { PageEditor } from './page-editor';
import { PageHistory } from './page-history';
import { sitePageHistoryHref, sitePageHref, sitePageRoute } from './page-paths';
import { pagesApi } from './pages-api';
import './content.css';

/** The editors' room for the site's own pages: `/staff/pages` and a page of each. */
export const pagesRoom: StaffRoom = {
  role: 'editor',
  label: 'Pages',
  path: STAFF_PAGES_PATH,
  Page: PagesPage,
};

function PagesPage({ path }: StaffRoomPageProps) {
  const route = sitePageRoute(path);
  switch (route.name) {
    case 'list':
      return <PageList />;
    case 'edit':
      return <PageEditor key={route.slug} slug={route.slug} />;
    case 'history':
      return <PageHistory key={route.slug} slug={route.slug} />;
    case 'unknown':
      return <NoSuchPage />;
  }
}

/** /staff/pages (editor): the site's pages, where each stands and who changed it last. */
function PageList() {
  usePageMeta(STAFF_META, 'Pages · ');
  const list = useStaffLoad(() => pagesApi.pages(), 'pages');
  const ids = useId();
  return (
    <>
      <h1>Pages</h1>
      <p>The text of the college’s own pages, and the footer every page ends with. Each change is saved as a draft, and visitors see it once you publish it.</p>
      <section aria-labelledby={`${ids}-title`} aria-busy={list.loading}>
        <h2 id={`${ids}-title`} className="visually-hidden">
          Pages
        </h2>
        {list.data === null ? (
          <LoadState what="the pages" problem={list.problem} onRetry={list.reload} />
        ) : (
          <div className="table-box" role="region" aria-label="Pages (scrolls sideways)" tabIndex={0}>
            <table className="data-table staff-table">
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">State</th>
                  <th scope="col">Last change</th>
                  <th scope="col">History</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((page) => (
                  <tr key={page.slug}>
                    <th scope="row">
                      <AppLink href={sitePageHref(page.slug)}>{page.name}</AppLink>
                    </th>
                    <td>
                      <Badge tone={stateTone(page)}>{STATE_LABELS[page.state]}</Badge>
                      {stateDetail(page) && <span className="content-detail">{stateDetail(page)}</span>}
                    </td>
                    <td>
                      {formatDateTime(page.updatedAt)}, by {page.updatedBy}
                    </td>
                    <td>
                      <AppLink href={sitePageHistoryHref(page.slug)}>
                        History<span className="visually-hidden"> of {page.name}</span>
                      </AppLink>
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

function NoSuchPage() {
  usePageMeta(STAFF_META);
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no such page to edit. <AppLink href={STAFF_PAGES_PATH}>See the pages</AppLink>.
      </p>
    </>
  );
}
