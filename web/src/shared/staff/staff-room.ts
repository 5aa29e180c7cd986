/**
 * A room of the staff area that another feature brings (the editors' content pages): the
 * staff page shows its link to those who hold its role and its page at its addresses, while
 * neither feature imports the other (app/staff.tsx puts them together).
 */
import type { ComponentType } from 'react';

export interface StaffRoomPageProps {
  /** The path shown, at or below the room's `path`. */
  readonly path: string;
  /** The query, with its `?` (or empty). */
  readonly search: string;
}

export interface StaffRoom {
  /** The role that opens it; the server checks it again on every call. */
  readonly role: string;
  /** Its link in the staff area's menu. */
  readonly label: string;
  /** Its address; the paths below it are its pages too. */
  readonly path: string;
  readonly Page: ComponentType<StaffRoomPageProps>;
}

/** The room that answers `path`, if any. */
export function roomAt(rooms: readonly StaffRoom[], path: string): StaffRoom | undefined {
  return rooms.find((room) => path === room.path || path.startsWith(`${room.path}/`));
}

/** Whether `roles` open the office's inbox (the office, or an admin who does all it does). */
export const readsInbox = (roles: readonly string[]) => roles.includes('office') || roles.includes('admin');
