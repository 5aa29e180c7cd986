/**
 * The addresses of the staff area's rooms that the editors' content brings. Apart from
 * staff.ts, which every page holds: only the staff area's chunk needs these.
 */
import { STAFF_PATH } from './staff';

/** The editors' notices, a room of the staff area. */
export const STAFF_NOTICES_PATH = `${STAFF_PATH}/notices`;

/** The editors' pages (Home, About, Contact), another room. */
export const STAFF_PAGES_PATH = `${STAFF_PATH}/pages`;

/** The editors' courses, another room. */
export const STAFF_COURSES_PATH = `${STAFF_PATH}/courses`;

/** The mandatory disclosure's checklist and items, another room. */
export const STAFF_DISCLOSURE_PATH = `${STAFF_PATH}/disclosure`;

/** The faculty and staff directory (people on the website, not accounts), another room. */
export const STAFF_DIRECTORY_PATH = `${STAFF_PATH}/directory`;

/** The students' grievances, for the grievance committee only, another room. */
export const STAFF_GRIEVANCES_PATH = `${STAFF_PATH}/grievances`;

/** The college's holidays, which the grievance clock's working days skip (editor), another room. */
export const STAFF_HOLIDAYS_PATH = `${STAFF_PATH}/holidays`;
