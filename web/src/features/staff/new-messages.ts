/**
 * The count of new messages that the account menu's "Staff area" link shows.
 * Read when a staff page reads its summary, and when a staff member opens the
 * menu: no page pays a request for it otherwise.
 */
import { useSyncExternalStore } from 'react';
import { request } from '../../shared/lib/api-client';

export const SUMMARY_PATH = '/api/staff/summary';

// Set each time a staff page or the account menu reads the summary; null until then.
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

/** The count of new messages, once it has been read. */
export const useNewMessages = () => useSyncExternalStore(subscribe, () => newMessages, () => null);

/** Reads the count again. A failure keeps the last one: the staff pages say what went wrong. */
export function refreshNewMessages(): void {
  request<{ readonly newMessages: number }>(SUMMARY_PATH).then(
    ({ newMessages }) => setNewMessages(newMessages),
    () => {},
  );
}
