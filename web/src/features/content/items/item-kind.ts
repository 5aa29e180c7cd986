import { STAFF_COURSES_PATH, STAFF_DIRECTORY_PATH, STAFF_DISCLOSURE_PATH, STAFF_PAGES_PATH } from '../../../shared/paths/staff-rooms';
import { STATE_LABELS } from '../publishing/publish-state';
import { coursesApi, disclosureApi, pagesApi, peopleApi, type ItemsApi, type ItemSummary } from './items-api';

/** A kind of item the editors edit as fields: the site's pages, the courses, the disclosure's items or the people. */
export interface ItemKind {
  /** Its room's address in the staff area. */
  readonly room: string;
  /** The room's name, and what one item is called. */
  readonly label: string;
  readonly noun: 'page' | 'course' | 'item' | 'person';
  /** What the list says first. */
  readonly intro: string;
  readonly api: ItemsApi;
  /** Whether an item can be taken off the site and shown again (a course; a page never is). */
  readonly hideable: boolean;
  /** The field of links that uploads are added to (none: the items take no uploads). */
  readonly documentsField: string | null;
  /** The field that holds an uploaded image's address (a person's photo, the location's map), and what the image is. */
  readonly photoField?: string;
  readonly photoWords?: 'the photo' | 'the map';
  /** Where a committee's members are chosen from (the people), for a kind with members. */
  readonly memberChoices?: ItemsApi;
  /** Whether the list is a checklist, flagging each item never published (the disclosure's). */
  readonly checklist: boolean;
}

export const PAGES_KIND: ItemKind = {
  room: STAFF_PAGES_PATH,
  label: 'Pages',
  noun: 'page',
  intro: 'The text of the college’s own pages, and the footer every page ends with. Each change is saved as a draft, and visitors see it once you publish it.',
  api: pagesApi,
  hideable: false,
  documentsField: null,
  checklist: false,
};

export const COURSES_KIND: ItemKind = {
  room: STAFF_COURSES_PATH,
  label: 'Courses',
  noun: 'course',
  intro: 'Each course’s page: its fees, seats, dates and the way to apply, in the order Home and the list of courses show them. Each change is saved as a draft, and visitors see it once you publish it.',
  api: coursesApi,
  hideable: true,
  documentsField: 'downloads',
  checklist: false,
};

export const DISCLOSURE_KIND: ItemKind = {
  room: STAFF_DISCLOSURE_PATH,
  label: 'Disclosure',
  noun: 'item',
  intro: 'What the UGC’s guidelines of 2024 ask every college to publish at /disclosure, in ten sections; every page’s footer links to it, and each item has a page of its own. Each item shows visitors the day it was last published and the day it was last marked reviewed; one never published says so on the site until you fill it in and publish it. An item needs review a year after either, or once one of its documents is past its last day: check it, and publish a change or mark it reviewed.',
  api: disclosureApi,
  hideable: false,
  documentsField: 'documents',
  photoField: 'map',
  photoWords: 'the map',
  memberChoices: peopleApi,
  checklist: true,
};

export const PEOPLE_KIND: ItemKind = {
  room: STAFF_DIRECTORY_PATH,
  label: 'Faculty and staff',
  noun: 'person',
  intro: 'The people visitors find at /people: the faculty and staff directory, with each person’s appointments and qualifications. These are people on the website, not sign-in accounts. Each change is saved as a draft, and visitors see it once you publish it.',
  api: peopleApi,
  hideable: true,
  documentsField: null,
  photoField: 'photo',
  checklist: false,
};

/** The word for one item of `kind`, starting a sentence: "Page", "Course", "Item". */
export const nounWord = (kind: ItemKind) => `${kind.noun[0]!.toUpperCase()}${kind.noun.slice(1)}`;

/** What the editor's heading calls `name`, an item of `kind`. */
export const editHeading = (kind: ItemKind, slug: string, name: string) =>
  kind.noun !== 'page' ? `Edit ${name}` : slug === 'footer' ? 'Edit the footer' : `Edit the ${name} page`;

/** Whether an item of the checklist was never published: visitors read "Not published yet". */
export const neverPublished = (kind: ItemKind, item: Pick<ItemSummary, 'state' | 'live'>) =>
  kind.checklist && item.live === null && item.state !== 'scheduled';

/** Where an item stands, in words: a course taken off the site is hidden, not a draft. */
export function stateLabel(kind: ItemKind, item: Pick<ItemSummary, 'state' | 'live'>): string {
  if (neverPublished(kind, item)) return 'Never published';
  return kind.hideable && item.state === 'draft' && item.live === null ? 'Hidden' : STATE_LABELS[item.state];
}
