/** The addresses of the editors' notice pages, and the list's search and page in its query. */
import { NOTICES_PATH } from '../../../shared/paths/notices';
import { STAFF_NOTICES_PATH } from '../../../shared/paths/staff-rooms';

export interface NoticeFilters {
  readonly q: string;
  readonly page: number;
}

/** The longest search the server reads. */
export const QUERY_MAX = 100;

export function noticeFilters(search: string): NoticeFilters {
  const query = new URLSearchParams(search);
  const page = Number(query.get('page'));
  return {
    q: (query.get('q') ?? '').trim().slice(0, QUERY_MAX),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function noticesHref({ q, page }: NoticeFilters): string {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${STAFF_NOTICES_PATH}?${search}` : STAFF_NOTICES_PATH;
}

export const NEW_NOTICE_PATH = `${STAFF_NOTICES_PATH}/new`;
export const noticeHref = (id: number) => `${STAFF_NOTICES_PATH}/${id}`;
export const historyHref = (id: number) => `${STAFF_NOTICES_PATH}/${id}/history`;
/** The newest revision as visitors would get it, on a page only editors open (the server renders it). */
export const previewHref = (id: number) => `${NOTICES_PATH}/preview/${id}`;

export type NoticePage =
  | { readonly name: 'list' }
  | { readonly name: 'new' }
  | { readonly name: 'edit' | 'history'; readonly id: number }
  | { readonly name: 'unknown' };

/** Which page `path` is (`/staff/notices/7/history` -> the history of notice 7). */
export function noticePage(path: string): NoticePage {
  const parts = path.slice(STAFF_NOTICES_PATH.length).split('/').filter(Boolean);
  if (parts.length === 0) return { name: 'list' };
  if (parts.length === 1 && parts[0] === 'new') return { name: 'new' };
  const id = Number(parts[0]);
  if (!/^[1-9]\d{0,15}$/.test(parts[0]!) || !Number.isSafeInteger(id)) return { name: 'unknown' };
  if (parts.length === 1) return { name: 'edit', id };
  if (parts.length === 2 && parts[1] === 'history') return { name: 'history', id };
  return { name: 'unknown' };
}
