import { post, request } from '../../../shared/lib/api-client';
import type { Paged } from '../../../shared/staff/lists';
import { fileShelf, type FileShelf } from '../files/file-shelf';
import type { PublishState } from '../publishing/publish-state';
import type { PublishChoice, Revision } from '../publishing/revisions';

/**
 * The typed client of the editors' notices (`/api/content/notices/...`), in the staff chunk.
 * Every call is checked on the server: without the editor role it answers 403
 * `not-an-editor`; a save on top of an older revision than the newest, 409 `stale`.
 */

export const CATEGORIES = [
  { value: 'general', label: 'General' },
  { value: 'exams', label: 'Exams' },
  { value: 'admissions', label: 'Admissions' },
  { value: 'events', label: 'Events' },
  { value: 'holidays', label: 'Holidays' },
] as const;

export type Category = (typeof CATEGORIES)[number]['value'];

/** The bounds the server keeps (content/notices/domain.rs). */
export const TITLE_MAX = 200;
export const BODY_MAX = 50_000;

export interface NoticeSummary {
  readonly id: number;
  readonly slug: string;
  /** Where visitors read it once it is published. */
  readonly path: string;
  readonly title: string;
  readonly category: Category;
  readonly categoryLabel: string;
  readonly pinned: boolean;
  readonly state: PublishState;
  /** The newest revision's number, and the one visitors see. */
  readonly head: number;
  readonly live: number | null;
  readonly unpublishedChanges: boolean;
  /** The revision waiting to go live at `publishAt`. */
  readonly scheduled: number | null;
  readonly publishAt: number | null;
  readonly expiresAt: number | null;
  readonly firstPublishedAt: number | null;
  readonly liveSince: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly updatedBy: string;
}

export interface Notice extends NoticeSummary {
  /** The newest revision's Markdown, and its HTML as visitors would get it. */
  readonly body: string;
  readonly html: string;
}

/** What an editor writes. */
export interface NoticeText {
  readonly title: string;
  readonly body: string;
  readonly category: Category;
  readonly pinned: boolean;
}

const NOTICES = '/api/content/notices';
const noticePath = (id: number) => `${NOTICES}/${id}`;

type NoticeAnswer = { readonly notice: Notice };
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const noticesApi = {
  notices: (q: string, page: number) => {
    const query = new URLSearchParams();
    if (q) query.set('q', q);
    if (page > 1) query.set('page', String(page));
    const search = query.toString();
    return request<Paged & { readonly notices: readonly NoticeSummary[] }>(search ? `${NOTICES}?${search}` : NOTICES);
  },
  create: (text: NoticeText) => post<NoticeAnswer>(NOTICES, text).then(({ notice }) => notice),
  notice: (id: number) => request<NoticeAnswer>(noticePath(id)).then(({ notice }) => notice),
  /** Saves `text` as a new revision on top of `base`, the newest one the editor had. */
  save: (id: number, base: number, text: NoticeText) =>
    request<NoticeAnswer>(noticePath(id), json('PUT', { base, ...text })).then(({ notice }) => notice),
  remove: (id: number) => request<unknown>(noticePath(id), { method: 'DELETE' }),
  publish: (id: number, choice: PublishChoice) =>
    post<NoticeAnswer>(`${noticePath(id)}/publish`, choice).then(({ notice }) => notice),
  unpublish: (id: number) => post<NoticeAnswer>(`${noticePath(id)}/unpublish`, {}).then(({ notice }) => notice),
  revisions: (id: number) =>
    request<{ readonly revisions: readonly Revision[] }>(`${noticePath(id)}/revisions`).then(({ revisions }) => revisions),
  revision: (id: number, number: number) =>
    request<{ readonly revision: Revision }>(`${noticePath(id)}/revisions/${number}`).then(({ revision }) => revision),
  restore: (id: number, number: number, base: number) =>
    post<NoticeAnswer>(`${noticePath(id)}/revisions/${number}/restore`, { base }).then(({ notice }) => notice),
};

/** A notice's files. */
export const noticeShelf = (id: number): FileShelf => fileShelf(`notice-${id}`, noticePath(id));
