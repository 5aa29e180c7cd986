import { noticesRoom } from '../features/content/notices/notices-room';
import { disclosureRoom } from '../features/content/disclosure/disclosure-room';
import { coursesRoom, pagesRoom } from '../features/content/items/items-room';
import { peopleRoom } from '../features/content/people/people-room';
import { grievancesRoom } from '../features/grievances/grievances-room';
import { holidaysRoom } from '../features/grievances/holidays-room';
import { StaffPage } from '../features/staff/staff-page';

/** Rooms other features bring to the staff area, in the order of its menu. */
const ROOMS = [noticesRoom, pagesRoom, coursesRoom, disclosureRoom, peopleRoom, holidaysRoom, grievancesRoom];

/** `/staff` and the pages below it (their own chunk): the office's pages with the editors' beside them. */
export default function Staff() {
  return <StaffPage rooms={ROOMS} />;
}
