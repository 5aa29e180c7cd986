import { post, request } from '../../shared/lib/api-client';
import type { Paged } from '../../shared/staff/lists';

/**
 * The typed client of the editors' API (`/api/content/...`), in the staff chunk.
 * Every call is checked on the server: without the editor role it answers 403
 * `not-an-editor`; a save on top of an older revision than the newest, 409 `stale`.
 */

/** Where a notice stands, as the server puts it. */
export type NoticeState = 'draft' | 'scheduled' | 'published' | 'expired';

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
  readonly state: NoticeState;
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

export interface Revision {
  readonly number: number;
  readonly createdAt: number;
  readonly author: string;
  readonly title: string;
  readonly category: Category;
  readonly pinned: boolean;
  readonly restoredFrom: number | null;
  /** Only when one revision is read whole. */
  readonly body?: string;
}

export interface PublishChoice {
  readonly revision: number;
  /** Unix milliseconds; null publishes now. */
  readonly publishAt: number | null;
  /** Unix milliseconds; null keeps it up until it is unpublished. */
  readonly expiresAt: number | null;
}

export interface FileCopy {
  readonly path: string;
  readonly contentType: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly bytes: number;
}

/** A file attached to a notice: a PDF (one copy) or an image (a copy per width, smallest first). */
export interface AttachedFile {
  readonly id: number;
  readonly name: string;
  readonly createdAt: number;
  readonly uploadedBy: string;
  readonly bytes: number;
  readonly copies: readonly FileCopy[];
}

export interface Attachments {
  readonly files: readonly AttachedFile[];
  /** The largest upload the server takes. */
  readonly maxFileBytes: number;
}

const NOTICES = '/api/content/notices';
const noticePath = (id: number) => `${NOTICES}/${id}`;

type NoticeAnswer = { readonly notice: Notice };
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const contentApi = {
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
  files: (id: number) => request<Attachments>(`${noticePath(id)}/files`),
  /** Sends the file as it is (the server checks its bytes, not its name or type). */
  upload: (id: number, file: File) =>
    request<Attachments>(`${noticePath(id)}/files?${new URLSearchParams({ name: file.name })}`, { method: 'POST', body: file }),
  removeFile: (id: number, fileId: number) => request<Attachments>(`${noticePath(id)}/files/${fileId}`, { method: 'DELETE' }),
  /** The server's sanitised HTML of `body`, as visitors would get it. */
  preview: (body: string) => post<{ readonly html: string }>('/api/content/preview', { body }).then(({ html }) => html),
};

/** The files of one item (a notice, a course, an item of the disclosure) on the server. */
export interface FileShelf {
  /** Names the item, so that another item's files are loaded afresh. */
  readonly key: string;
  readonly list: () => Promise<Attachments>;
  readonly upload: (file: File) => Promise<Attachments>;
  readonly remove: (fileId: number) => Promise<Attachments>;
}

/** A notice's files. */
export const noticeShelf = (id: number): FileShelf => ({
  key: `notice-${id}`,
  list: () => contentApi.files(id),
  upload: (file) => contentApi.upload(id, file),
  remove: (fileId) => contentApi.removeFile(id, fileId),
});
