import { STAFF_COURSES_PATH, STAFF_PAGES_PATH } from '../../shared/paths/staff';
import { STATE_LABELS } from './notice-state';
import { coursesApi, pagesApi, type FieldedApi, type SitePageSummary } from './pages-api';

/** A kind of item the editors edit as fields: the site's pages, or the courses. */
export interface FieldedKind {
  /** Its room's address in the staff area. */
  readonly room: string;
  /** The room's name, and what one item is called. */
  readonly label: string;
  readonly noun: 'page' | 'course';
  /** What the list says first. */
  readonly intro: string;
  readonly api: FieldedApi;
  /** Whether an item can be taken off the site and shown again (a course; a page never is). */
  readonly hideable: boolean;
}

export const PAGES_KIND: FieldedKind = {
  room: STAFF_PAGES_PATH,
  label: 'Pages',
  noun: 'page',
  intro: 'The text of the college’s own pages, and the footer every page ends with. Each change is saved as a draft, and visitors see it once you publish it.',
  api: pagesApi,
  hideable: false,
};

export const COURSES_KIND: FieldedKind = {
  room: STAFF_COURSES_PATH,
  label: 'Courses',
  noun: 'course',
  intro: 'Each course’s page: its fees, seats, dates and the way to apply, in the order Home and the list of courses show them. Each change is saved as a draft, and visitors see it once you publish it.',
  api: coursesApi,
  hideable: true,
};

/** What the editor's heading calls `name`, an item of `kind`. */
export const editHeading = (kind: FieldedKind, slug: string, name: string) =>
  kind.noun === 'course' ? `Edit ${name}` : slug === 'footer' ? 'Edit the footer' : `Edit the ${name} page`;

/** Where an item stands, in words: a course taken off the site is hidden, not a draft. */
export const stateLabel = (kind: FieldedKind, item: Pick<SitePageSummary, 'state' | 'live'>) =>
  kind.hideable && item.state === 'draft' && item.live === null ? 'Hidden' : STATE_LABELS[item.state];
