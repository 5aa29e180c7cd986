import { useId, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../../shared/components/app-link';
import { usePageMeta } from '../../../shared/hooks/use-page-meta';
import { formatDateTime } from '../../../shared/lib/dates';
import { countOf } from '../../../shared/staff/lists';
import { STAFF_META } from '../../../shared/staff/staff-meta';
import { Badge, LoadState, Pager, useStaffLoad } from '../../../shared/staff/staff-parts';
import { useSearchBox } from '../../../shared/staff/use-search-box';
import { STATE_LABELS, stateDetail, stateTone } from '../publishing/publish-state';
import { NEW_NOTICE_PATH, noticeFilters, noticeHref, noticesHref, QUERY_MAX, type NoticeFilters } from './notice-paths';
import { noticesApi, type NoticeSummary } from './notices-api';

/** /staff/notices (editor): every notice, newest change first, 20 a page, with a search by title. */
export function NoticeList({ search }: { readonly search: string }) {
  usePageMeta(STAFF_META, 'Notices · ');
  const filters = noticeFilters(search);
  const list = useStaffLoad(() => noticesApi.notices(filters.q, filters.page), noticesHref(filters));
  const ids = useId();

  return (
    <>
      <div className="content-head">
        <h1>Notices</h1>
        <AppLink href={NEW_NOTICE_PATH} className="button">
          New notice
        </AppLink>
      </div>
      <NoticeSearch filters={filters} />
      <section aria-labelledby={`${ids}-title`} aria-busy={list.loading}>
        <h2 id={`${ids}-title`} className="visually-hidden">
          Notices
        </h2>
        {list.data === null ? (
          <LoadState what="the notices" problem={list.problem} onRetry={list.reload} />
        ) : (
          <>
            <p role="status" className="staff-list__count">
              {list.loading ? 'Loading…' : list.data.total === 0 ? (filters.q ? 'No notice matches.' : 'No notices yet.') : countOf(list.data.total, 'notice')}
            </p>
            {list.data.notices.length > 0 && (
              <div className="table-box" role="region" aria-label="Notices (scrolls sideways)" tabIndex={0}>
                <table className="data-table staff-table">
                  <thead>
                    <tr>
                      <th scope="col">Title</th>
                      <th scope="col">Category</th>
                      <th scope="col">State</th>
                      <th scope="col">Last change</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.notices.map((notice) => (
                      <NoticeRow key={notice.id} notice={notice} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pager paged={list.data} shown={list.data.notices.length} label="Pages of notices"
              hrefAt={(page) => noticesHref({ ...filters, page })} />
          </>
        )}
      </section>
    </>
  );
}

function NoticeRow({ notice }: { readonly notice: NoticeSummary }) {
  const detail = stateDetail(notice);
  return (
    <tr>
      <th scope="row">
        <AppLink href={noticeHref(notice.id)}>{notice.title}</AppLink>
        {notice.pinned && <span className="content-pinned"> (pinned)</span>}
      </th>
      <td>{notice.categoryLabel}</td>
      <td>
        <Badge tone={stateTone(notice)}>{STATE_LABELS[notice.state]}</Badge>
        {detail && <span className="content-detail">{detail}</span>}
      </td>
      <td>
        {formatDateTime(notice.updatedAt)}, by {notice.updatedBy}
      </td>
    </tr>
  );
}

/** The search by title: after a pause in typing, or at once on Enter. */
function NoticeSearch({ filters }: { readonly filters: NoticeFilters }) {
  const [, navigate] = useLocation();
  const ids = useId();
  const go = (q: string, replace: boolean) => navigate(noticesHref({ q, page: 1 }), { replace });
  const box = useSearchBox(filters.q, go);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go(box.now(), false);
  }

  return (
    <form role="search" aria-label="Notices" className="staff-filters" onSubmit={submit}>
      <div className="field staff-filters__search">
        <label htmlFor={`${ids}-q`}>Search by title</label>
        <input id={`${ids}-q`} type="search" name="q" value={box.typed} maxLength={QUERY_MAX} autoComplete="off"
          onChange={(event) => box.change(event.target.value)} />
      </div>
      <button type="submit" className="button staff-filters__submit">
        Search
      </button>
    </form>
  );
}
