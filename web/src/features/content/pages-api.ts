import { post, request } from '../../shared/lib/api-client';
import type { NoticeState, PublishChoice, Revision } from './content-api';

/**
 * The typed client of the editors' pages (`/api/content/pages/...`): Home, About and
 * Contact, each a set of fields the server names and bounds (content/pages/fields.rs).
 * Checked on the server like the notices: 403 `not-an-editor`, 409 `stale`.
 */

/** What a field holds: a line, a button's words, a paragraph, an address's lines, a phone, an email, links. */
export type FieldKind = 'heading' | 'label' | 'paragraph' | 'lines' | 'phone' | 'email' | 'links';

export interface PageField {
  readonly key: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly maxChars: number;
}

export interface SitePageSummary {
  readonly slug: string;
  readonly name: string;
  /** Where visitors read it. */
  readonly path: string;
  /** Published, or scheduled when a version waits for its time (a page never expires). */
  readonly state: NoticeState;
  readonly head: number;
  readonly live: number | null;
  readonly unpublishedChanges: boolean;
  readonly scheduled: number | null;
  readonly publishAt: number | null;
  readonly liveSince: number | null;
  readonly updatedAt: number;
  readonly updatedBy: string;
}

export type PageFields = Readonly<Record<string, string>>;

export interface SitePage extends SitePageSummary {
  /** The newest revision's text, field by field, and the fields in the order the page shows them. */
  readonly fields: PageFields;
  readonly schema: readonly PageField[];
}

const PAGES = '/api/content/pages';
const pagePath = (slug: string) => `${PAGES}/${encodeURIComponent(slug)}`;

type PageAnswer = { readonly page: SitePage };

export const pagesApi = {
  pages: () => request<{ readonly pages: readonly SitePageSummary[] }>(PAGES).then(({ pages }) => pages),
  page: (slug: string) => request<PageAnswer>(pagePath(slug)).then(({ page }) => page),
  /** Saves `fields` as a new revision on top of `base`, the newest one the editor had. */
  save: (slug: string, base: number, fields: PageFields) =>
    request<PageAnswer>(pagePath(slug), { method: 'PUT', body: JSON.stringify({ base, fields }) }).then(({ page }) => page),
  publish: (slug: string, choice: Omit<PublishChoice, 'expiresAt'>) =>
    post<PageAnswer>(`${pagePath(slug)}/publish`, choice).then(({ page }) => page),
  revisions: (slug: string) =>
    request<{ readonly revisions: readonly Revision[] }>(`${pagePath(slug)}/revisions`).then(({ revisions }) => revisions),
  revision: (slug: string, number: number) =>
    request<{ readonly revision: Revision }>(`${pagePath(slug)}/revisions/${number}`).then(({ revision }) => revision),
  restore: (slug: string, number: number, base: number) =>
    post<PageAnswer>(`${pagePath(slug)}/revisions/${number}/restore`, { base }).then(({ page }) => page),
};

/** A revision's fields (its body is their JSON); none for one that cannot be read. */
export function revisionFields(revision: Revision): PageFields {
  try {
    const fields: unknown = JSON.parse(revision.body ?? '{}');
    return typeof fields === 'object' && fields !== null ? (fields as PageFields) : {};
  } catch {
    return {};
  }
}
