import { post, request } from '../../../shared/lib/api-client';
import type { Item, ItemSummary } from '../items/items-api';

/**
 * The directory's own calls beside the fielded items' (`peopleApi` in items-api.ts): the list
 * with each person's post today, adding a person by name, and the faculty list as CSV
 * (content/people/staff_routes.rs, export.rs).
 */
export const PEOPLE_API = '/api/content/people';

/** A person as the staff list shows them. */
export interface PersonSummary extends ItemSummary {
  /** Of the appointment that holds today (or their last, for a former person). */
  readonly designation: string;
  readonly department: string;
  readonly teaches: boolean;
  /** The day they left, `2026-03-31`, or empty. */
  readonly leftOn: string;
  /** Whether they have left the college. */
  readonly former: boolean;
  /** A record never published with no appointment nor place in the leadership (one made for a committee's member). */
  readonly needsDetails: boolean;
}

export const listPeople = () =>
  request<{ readonly people: readonly PersonSummary[] }>(PEOPLE_API).then(({ people }) => people);

/** Adds a person by name, as a draft: answers the record, opened. */
export const addPerson = (name: string) => post<{ readonly page: Item }>(PEOPLE_API, { name }).then(({ page }) => page);

/** Puts a department's people in this order (their addresses): each moved is published at once. */
export const putInOrder = (slugs: readonly string[]) => post<{ readonly moved: number }>(`${PEOPLE_API}-order`, { slugs });

/** The faculty list's address, which the browser downloads (the session's cookie goes with it). */
export const FACULTY_CSV_PATH = `${PEOPLE_API}.csv`;
