/**
 * The queue of changes on their way to the student's account. It is kept in
 * this browser's storage, so a reload or a dropped connection loses nothing;
 * it is sent after the student pauses, in requests within the server's
 * limits, and retried with growing waits after a failure. Each demo has a
 * status the editor shows ("Saved", "Not saved: retrying").
 */
import { ApiError } from '../../../shared/lib/api-client';
import { browserStorage } from '../../../shared/lib/browser-storage';
import { beforeSignOut } from '../../../shared/lib/student-data';
import type { LessonMark } from './lesson-marks';
import { progressApi, type FileWrite, type PassWrite, type ProgressWrite, type SavedFileBody } from './progress-api';

const QUEUE_KEY = 'tutorial-sync:v1';
/** Changes are sent once the student pauses this long. */
const SAVE_DELAY_MS = 1000;
const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 30_000;
/** Per list and request, as the server allows. */
const MAX_ITEMS = 100;
/** Keeps a request well under the server's body limit. */
const MAX_BATCH_BYTES = 120 * 1024;

export type Item =
  | { readonly kind: 'lesson'; readonly merge: boolean; readonly write: { readonly lesson: string } & LessonMark }
  | { readonly kind: 'pass'; readonly merge: boolean; readonly write: PassWrite }
  | { readonly kind: 'file'; readonly merge: boolean; readonly write: FileWrite };

type Queue = Record<string, Item>;

export const fileKey = (demo: string, file: string) => `file:${demo}\n${file}`;

export function readQueue(): Queue {
  try {
    return (JSON.parse(browserStorage()?.getItem(QUEUE_KEY) ?? '{}') as Queue) ?? {};
  } catch {
    return {};
  }
}

function writeQueue(queue: Queue) {
  try {
    if (Object.keys(queue).length === 0) browserStorage()?.removeItem(QUEUE_KEY);
    else browserStorage()?.setItem(QUEUE_KEY, JSON.stringify(queue));
  } catch {
    // Storage full: the queue lives in this page until it is sent.
  }
}

// ---- What the student sees: one status per demo -------------------------------------------

/** Whether a demo's edits are in the account: a problem is a message to show as it is. */
export type SaveStatus = 'saving' | 'saved' | 'retrying' | 'signed-out' | { readonly problem: string };

const statuses = new Map<string, SaveStatus>();
const statusListeners = new Set<() => void>();

export function setStatus(demos: Iterable<string>, status: SaveStatus) {
  for (const demo of demos) statuses.set(demo, status);
  for (const listener of statusListeners) listener();
}

export const saveStatus = (demo: string): SaveStatus | undefined => statuses.get(demo);

export function subscribeToSaveStatus(onChange: () => void): () => void {
  statusListeners.add(onChange);
  return () => statusListeners.delete(onChange);
}


export function enqueue(items: Record<string, Item>) {
  if (Object.keys(items).length === 0) return;
  const queue = readQueue();
  for (const [key, item] of Object.entries(items)) {
    // Work that was to be merged stays a merge: the account's other version must not be lost.
    queue[key] = { ...item, merge: item.merge || (queue[key]?.merge ?? false) } as Item;
  }
  writeQueue(queue);
  setStatus(demosOf(Object.values(items)), 'saving');
  schedule(SAVE_DELAY_MS);
}

const demosOf = (items: readonly Item[]) => new Set(items.flatMap((item) => (item.kind === 'file' ? [item.write.demo] : [])));

let timer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = FIRST_RETRY_MS;
let sending: Promise<void> | undefined;

function schedule(delay: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void sendQueue(), delay);
}

/** Sends everything queued now; resolves when the queue is empty or a send failed. */
export function sendQueue(): Promise<void> {
  clearTimeout(timer);
  sending ??= sendBatches().finally(() => {
    sending = undefined;
  });
  return sending;
}

/** The next request: items of one kind of write (merge or not), within the server's limits. */
function nextBatch(queue: Queue): [string, Item][] {
  const entries = Object.entries(queue);
  const merge = entries.some(([, item]) => item.merge);
  const batch: [string, Item][] = [];
  const counts = { lesson: 0, pass: 0, file: 0 };
  let bytes = 0;
  for (const entry of entries) {
    const [, item] = entry;
    const size = JSON.stringify(item.write).length;
    if (item.merge !== merge || counts[item.kind] >= MAX_ITEMS || (batch.length > 0 && bytes + size > MAX_BATCH_BYTES)) continue;
    counts[item.kind] += 1;
    bytes += size;
    batch.push(entry);
  }
  return batch;
}

function requestOf(batch: readonly [string, Item][]): ProgressWrite {
  const items = batch.map(([, item]) => item);
  return {
    merge: items.some((item) => item.merge),
    lessons: items.flatMap((item) => (item.kind === 'lesson' ? [item.write] : [])),
    passes: items.flatMap((item) => (item.kind === 'pass' ? [item.write] : [])),
    files: items.flatMap((item) => (item.kind === 'file' ? [item.write] : [])),
  };
}

/** Drops what was sent, unless the student changed it again meanwhile. */
function forgetSent(batch: readonly [string, Item][]) {
  const queue = readQueue();
  for (const [key, item] of batch) {
    if (JSON.stringify(queue[key]) === JSON.stringify(item)) delete queue[key];
  }
  writeQueue(queue);
}

async function sendBatches() {
  for (;;) {
    const batch = nextBatch(readQueue());
    if (batch.length === 0) return;
    const demos = demosOf(batch.map(([, item]) => item));
    try {
      const answer = await progressApi.write(requestOf(batch));
      forgetSent(batch);
      retryDelay = FIRST_RETRY_MS;
      storedFilesHandler(answer.files);
      setStatus(demos, 'saved');
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      if (code === 'file-too-large' || code === 'too-many-files' || code === 'invalid-input') {
        // The server will never take these: they stay in this browser only, and the student is told why.
        forgetSent(batch);
        setStatus(demos, { problem: (error as ApiError).message });
        continue;
      }
      if (code === 'not-signed-in') {
        // The session ended: the work stays queued in this browser until the student signs in again.
        setStatus(demos, 'signed-out');
        return;
      }
      setStatus(demos, 'retrying');
      schedule(retryDelay);
      retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
      return;
    }
  }
}

// Unsaved work goes to the account before logging out clears this browser.
beforeSignOut(sendQueue);

let storedFilesHandler: (files: readonly SavedFileBody[]) => void = () => {};

/** What to do with the account's version of the files just written (a newer one may have won there). */
export function onStoredFiles(handler: (files: readonly SavedFileBody[]) => void) {
  storedFilesHandler = handler;
}
