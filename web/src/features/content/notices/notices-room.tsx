import { usePageMeta } from '../../../shared/hooks/use-page-meta';
import { STAFF_NOTICES_PATH } from '../../../shared/paths/staff-rooms';
import { STAFF_META } from '../../../shared/staff/staff-meta';
import type { StaffRoom, StaffRoomPageProps } from '../../../shared/staff/staff-room';
import { NoticeEditor } from './notice-editor';
import { NoticeHistory } from './notice-history';
import { NoticeList } from './notice-list';
import { noticePage } from './notice-paths';
import '../content.css';

/** The editors' room of the staff area: `/staff/notices` and the pages below it. */
export const noticesRoom: StaffRoom = {
  role: 'editor',
  label: 'Notices',
  path: STAFF_NOTICES_PATH,
  Page: NoticesPage,
};

function NoticesPage({ path, search }: StaffRoomPageProps) {
  const page = noticePage(path);
  switch (page.name) {
    case 'list':
      return <NoticeList search={search} />;
    case 'new':
      return <NoticeEditor key="new" id={null} />;
    case 'edit':
      return <NoticeEditor key={page.id} id={page.id} />;
    case 'history':
      return <NoticeHistory key={page.id} id={page.id} />;
    case 'unknown':
      return <NoSuchPage />;
  }
}

function NoSuchPage() {
  usePageMeta(STAFF_META);
  return (
    <>
      <h1>Page not found</h1>
      <p>The notices have no such page. The list of notices is in the menu above.</p>
    </>
  );
}
