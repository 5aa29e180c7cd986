/**
 * The queue of changes on their way to the student's account. It is kept in
 * this browser's storage, so a reload or a dropped connection loses nothing
 * (and in memory too, should storage refuse it); it is sent after the student
 * pauses, in requests within the server's limits, and retried with growing
 * waits after a failure. Each demo has a status the editor shows ("Saved",
 * "Not saved: retrying").
 */
import { ApiError } from '../../../shared/lib/api-client';
import { browserStorage } from '../../../shared/lib/browser-storage';
import { dataGeneration, dataOwner, SEND_QUEUE_KEY } from '../../../shared/lib/student-data';
import type { LessonMark } from './lesson-marks';
import { progressApi, type FileWrite, type PassWrite, type ProgressWrite, type SavedFileBody } from './progress-api';

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

/** The queue when this browser's storage would not take it (full, or switched off). */
let inMemory: Queue | undefined;

export function readQueue(): Queue {
  if (inMemory) return { ...inMemory };
  try {
    return (JSON.parse(browserStorage()?.getItem(SEND_QUEUE_KEY) ?? '{}') as Queue) ?? {};
  } catch {
    return {};
  }
}

function writeQueue(queue: Queue) {
  try {
    const storage = browserStorage();
    if (!storage) throw new Error('no storage');
    if (Object.keys(queue).length === 0) storage.removeItem(SEND_QUEUE_KEY);
    else storage.setItem(SEND_QUEUE_KEY, JSON.stringify(queue));
    inMemory = undefined;
  } catch {
    inMemory = queue;
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

// ---- The queue and sending it ------------------------------------------------------------

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
/** The account asked to wait until then (429 with Retry-After): nothing is sent before it. */
let notBefore = 0;
let sending: Promise<void> | undefined;

function schedule(delay: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void sendQueue(), Math.max(delay, notBefore - Date.now()));
}

// Back online: what waited (offline work, failed sends backing off for up to 30 s) goes now,
// without a reload.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (Object.keys(readQueue()).length === 0) return;
    retryDelay = FIRST_RETRY_MS;
    schedule(0);
  });
}

/** Sends everything queued now; resolves when the queue is empty or a send failed. */
export function sendQueue(): Promise<void> {
  clearTimeout(timer);
  sending ??= sendBatches().finally(() => {
    sending = undefined;
  });
  return sending;
}

type Batch = [string, Item][];

/** The next request: items of one kind of write (merge or not), within the server's limits. */
function nextBatch(queue: Queue): Batch {
  const entries = Object.entries(queue);
  const merge = entries.some(([, item]) => item.merge);
  const batch: Batch = [];
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

function requestOf(batch: Batch, account: string): ProgressWrite {
  const items = batch.map(([, item]) => item);
  return {
    account,
    merge: items.some((item) => item.merge),
    lessons: items.flatMap((item) => (item.kind === 'lesson' ? [item.write] : [])),
    passes: items.flatMap((item) => (item.kind === 'pass' ? [item.write] : [])),
    files: items.flatMap((item) => (item.kind === 'file' ? [item.write] : [])),
  };
}

/** Drops what was sent, unless the student changed it again meanwhile. */
function forgetSent(batch: Batch) {
  const queue = readQueue();
  for (const [key, item] of batch) {
    if (JSON.stringify(queue[key]) === JSON.stringify(item)) delete queue[key];
  }
  writeQueue(queue);
}

/** Answers the server gives every time for the same request: sending it again cannot help. */
export const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  /^(invalid-input|malformed-request|file-too-large|payload-too-large|unsupported-media-type|too-many-(files|passes|marks)|account-storage-full|http-4(00|13|15|22))$/.test(
    error.code,
  );

/** The session ended, or belongs to someone else now: the work waits for its owner to sign in again. */
const isNotOurs = (error: unknown) => error instanceof ApiError && (error.code === 'not-signed-in' || error.code === 'other-account');

let storedFilesHandler: (files: readonly SavedFileBody[]) => void = () => {};

/** What to do with the account's version of the files just written (a newer one may have won there). */
export function onStoredFiles(handler: (files: readonly SavedFileBody[]) => void) {
  storedFilesHandler = handler;
}

/** The page's student data was cleared while a request was on its way: its answer belongs to no one here now. */
const CLEARED = Symbol('cleared');

/** Sends one batch; answers undefined when it was stored, or what went wrong. */
async function send(batch: Batch, account: string, generation: number): Promise<unknown> {
  try {
    const answer = await progressApi.write(requestOf(batch, account));
    if (dataGeneration() !== generation) return CLEARED;
    forgetSent(batch);
    storedFilesHandler(answer.files);
    setStatus(demosOf(batch.map(([, item]) => item)), 'saved');
    return undefined;
  } catch (error) {
    return dataGeneration() !== generation ? CLEARED : error;
  }
}

async function sendBatches() {
  for (;;) {
    const account = dataOwner();
    const batch = nextBatch(readQueue());
    if (batch.length === 0 || account === null) return;
    if (Date.now() < notBefore) {
      schedule(0);
      return;
    }
    const generation = dataGeneration();
    let error = await send(batch, account, generation);
    // One item the server will never take must not sink the others sent with it: they go one
    // by one, and only the refused ones stay out, with the reason shown.
    if (isRefusal(error)) error = batch.length > 1 ? await sendOneByOne(batch, account, generation) : refused(batch, error);
    if (error === CLEARED) return;
    if (error === undefined) {
      retryDelay = FIRST_RETRY_MS;
      continue;
    }
    const demos = demosOf(batch.map(([, item]) => item));
    if (isNotOurs(error)) {
      setStatus(demos, 'signed-out');
      return;
    }
    setStatus(demos, 'retrying');
    const toldToWait = error instanceof ApiError ? error.retryAfter : null;
    if (toldToWait !== null) {
      // The account said when: the work stays queued and goes then, as one request.
      notBefore = Date.now() + toldToWait * 1000;
      schedule(0);
    } else {
      schedule(retryDelay);
      retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
    }
    return;
  }
}

/** The items of a refused batch, each in a request of its own; answers the first failure worth retrying. */
async function sendOneByOne(batch: Batch, account: string, generation: number): Promise<unknown> {
  for (const entry of batch) {
    const error = await send([entry], account, generation);
    if (isRefusal(error)) refused([entry], error);
    else if (error !== undefined) return error;
  }
  return undefined;
}

/** The server will never take these: they stay in this browser only, and the student is told why. */
function refused(batch: Batch, error: unknown): undefined {
  forgetSent(batch);
  setStatus(demosOf(batch.map(([, item]) => item)), { problem: (error as ApiError).message });
  return undefined;
}
