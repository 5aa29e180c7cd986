/** Which staff page a path is, and the addresses of the staff pages. */
import { STAFF_PATH } from '../../shared/paths/staff';
import { queryOf, type InboxFilters } from './staff-query';

export type StaffView =
  | { readonly name: 'inbox'; readonly adminOnly: false }
  | { readonly name: 'message'; readonly id: string; readonly adminOnly: false }
  | { readonly name: 'people' | 'audit' | 'mail'; readonly adminOnly: true }
  | { readonly name: 'person'; readonly id: string; readonly adminOnly: true }
  | { readonly name: 'unknown'; readonly adminOnly: false };

export const PEOPLE_PATH = `${STAFF_PATH}/people`;
export const AUDIT_PATH = `${STAFF_PATH}/audit`;
export const MAIL_PATH = `${STAFF_PATH}/mail`;

/** The staff page at `path` (`/staff/messages/17` -> the message 17). */
export function staffView(path: string): StaffView {
  const parts = path
    .slice(STAFF_PATH.length)
    .split('/')
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
  const [first, second, ...rest] = parts;
  if (rest.length > 0) return { name: 'unknown', adminOnly: false };
  if (first === undefined) return { name: 'inbox', adminOnly: false };
  if (first === 'messages' && second) return { name: 'message', id: second, adminOnly: false };
  if (first === 'people') return second ? { name: 'person', id: second, adminOnly: true } : { name: 'people', adminOnly: true };
  if (second === undefined && (first === 'audit' || first === 'mail')) return { name: first, adminOnly: true };
  return { name: 'unknown', adminOnly: false };
}

/** The inbox with `filters`. */
export const inboxHref = (filters: InboxFilters) => `${STAFF_PATH}${queryOf(filters)}`;

/** A message, its address carrying the inbox's filters so that "Back to the inbox" keeps them. */
export const messageHref = (id: number | string, filters: InboxFilters) =>
  `${STAFF_PATH}/messages/${encodeURIComponent(String(id))}${queryOf({ ...filters })}`;

/** A person's page, its address carrying the people search to go back to. */
export const personHref = (id: string, search: string) => `${PEOPLE_PATH}/${encodeURIComponent(id)}${search}`;
