/**
 * Where the office's pages are, who may see their link, and the count of new
 * messages the menu shows. Held by every page (the header's menu links here):
 * the pages' own code is in their chunk, and only they ask the server for the
 * count, so no other page pays a request for it.
 */
import { useSyncExternalStore } from 'react';

export const STAFF_PATH = '/staff';

/** Whether the signed-in user holds the office or admin role (the server checks it again on every call). */
export function isStaff(user: { readonly roles?: readonly string[] } | null | undefined): boolean {
  return user?.roles?.some((role) => role === 'office' || role === 'admin') === true;
}

// Set by the staff pages each time they read the summary; null until then.
let newMessages: number | null = null;
const listeners = new Set<() => void>();

export function setNewMessages(count: number | null): void {
  newMessages = count;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The count of new messages, once a staff page has read it. */
export const useNewMessages = () => useSyncExternalStore(subscribe, () => newMessages, () => null);
