import { post, request } from '../../../shared/lib/api-client';
import { fileShelf, type FileShelf } from '../files/file-shelf';
import type { PublishState } from '../publishing/publish-state';
import type { PublishChoice, Revision } from '../publishing/revisions';

/**
 * The typed client of the items editors edit as fields: the site's pages
 * (`/api/content/pages/...`: Home, About, Contact, the footer), the courses
 * (`/api/content/courses/...`), the disclosure's items (`/api/content/disclosure/...`) and the
 * people (`/api/content/people/...`),
 * each a set of fields the server names and bounds
 * (content/items/fields/mod.rs). Checked on the server like the notices: 403 `not-an-editor`, 409 `stale`.
 */

/**
 * What a field holds: a line, a button's words, a paragraph, an address's lines, a phone, an
 * email, links, Markdown, an amount in rupees, a whole number, dated lines, an https address,
 * a committee's members, an item's documents (links, up to 20), one of the field's options, a
 * day, appointments and qualifications (one per line), an uploaded photo's address, a place
 * on the map (latitude, longitude).
 */
export type FieldKind =
  | 'heading'
  | 'label'
  | 'paragraph'
  | 'lines'
  | 'phone'
  | 'email'
  | 'links'
  | 'text'
  | 'money'
  | 'number'
  | 'dates'
  | 'url'
  | 'members'
  | 'documents'
  | 'choice'
  | 'date'
  | 'appointments'
  | 'qualifications'
  | 'photo'
  | 'coordinates';

export interface ItemField {
  readonly key: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly maxChars: number;
  /** False for a field that may be left empty. */
  readonly required: boolean;
  /** What a choice may be. */
  readonly options?: readonly string[];
}

export interface ItemSummary {
  readonly slug: string;
  readonly name: string;
  /** Where visitors read it. */
  readonly path: string;
  /** Published, scheduled when a version waits for its time, draft for a course taken off the site. */
  readonly state: PublishState;
  readonly head: number;
  readonly live: number | null;
  readonly unpublishedChanges: boolean;
  readonly scheduled: number | null;
  readonly publishAt: number | null;
  readonly liveSince: number | null;
  readonly updatedAt: number;
  readonly updatedBy: string;
}

export type ItemFields = Readonly<Record<string, string>>;

export interface Item extends ItemSummary {
  /** The newest revision's text, field by field, and the fields in the order the page shows them. */
  readonly fields: ItemFields;
  readonly schema: readonly ItemField[];
}

/** The server answers an item of any kind under `page` (content/items/routes.rs). */
type ItemAnswer = { readonly page: Item };

/** The client of one kind of item: the pages at `/api/content/pages`, the courses at `/api/content/courses`, … */
export function itemsApi(base: string, listKey: 'pages' | 'courses' | 'items' | 'people') {
  const itemPath = (slug: string) => `${base}/${encodeURIComponent(slug)}`;
  return {
    list: () => request<Record<string, readonly ItemSummary[]>>(base).then((answer) => answer[listKey] ?? []),
    item: (slug: string) => request<ItemAnswer>(itemPath(slug)).then(({ page }) => page),
    /** Saves `fields` as a new revision on top of `base`, the newest one the editor had. */
    save: (slug: string, head: number, fields: ItemFields) =>
      request<ItemAnswer>(itemPath(slug), { method: 'PUT', body: JSON.stringify({ base: head, fields }) }).then(({ page }) => page),
    publish: (slug: string, choice: Omit<PublishChoice, 'expiresAt'>) =>
      post<ItemAnswer>(`${itemPath(slug)}/publish`, choice).then(({ page }) => page),
    /** Takes a course off the site (a page never is). */
    unpublish: (slug: string) => post<ItemAnswer>(`${itemPath(slug)}/unpublish`, {}).then(({ page }) => page),
    revisions: (slug: string) =>
      request<{ readonly revisions: readonly Revision[] }>(`${itemPath(slug)}/revisions`).then(({ revisions }) => revisions),
    revision: (slug: string, number: number) =>
      request<{ readonly revision: Revision }>(`${itemPath(slug)}/revisions/${number}`).then(({ revision }) => revision),
    restore: (slug: string, number: number, head: number) =>
      post<ItemAnswer>(`${itemPath(slug)}/revisions/${number}/restore`, { base: head }).then(({ page }) => page),
    /** The item's uploads (a course's, an item of the disclosure's; the pages have none). */
    shelf: (slug: string): FileShelf => fileShelf(`${base}/${slug}`, itemPath(slug)),
  };
}

export type ItemsApi = ReturnType<typeof itemsApi>;

export const pagesApi = itemsApi('/api/content/pages', 'pages');
export const coursesApi = itemsApi('/api/content/courses', 'courses');
export const disclosureApi = itemsApi('/api/content/disclosure', 'items');
export const peopleApi = itemsApi('/api/content/people', 'people');

/** A revision's fields (its body is their JSON); none for one that cannot be read. */
export function revisionFields(revision: Revision): ItemFields {
  try {
    const fields: unknown = JSON.parse(revision.body ?? '{}');
    return typeof fields === 'object' && fields !== null ? (fields as ItemFields) : {};
  } catch {
    return {};
  }
}
