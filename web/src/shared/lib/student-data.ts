/**
 * What a student keeps in this browser (the tutorial's progress and edited
 * code, every key starting with `tutorial-`) and whose it is. Work done signed
 * out has no owner; once a signed-in student opens the tutorial it is merged
 * into their account and belongs to them (the tutorial's progress sync). Logout,
 * an expired session or another account clears the account's work, so the next
 * person at a shared computer starts with a clean tutorial; so does a session
 * that ended while no page was open, such as a browser closed without logging
 * out, even offline (session-mark.ts).
 *
 * The tutorial's pages hold this module in their own code, and every page
 * loads it once the session has answered (app/student-session.ts); what only
 * the tutorial needs lives in the tutorial's own code.
 */
import { browserStorage, storedKeys } from './browser-storage';
import { markedSession } from './session-mark';

/** Every key the tutorial keeps starts so. */
export const STUDENT_DATA_PREFIX = 'tutorial-';
export const OWNER_KEY = 'tutorial-owner:v1';
/** Changes on their way to the account (the tutorial's send queue). */
export const SEND_QUEUE_KEY = 'tutorial-sync:v1';
/** Fired on window once the student's data has been removed from this browser. */
export const STUDENT_DATA_CLEARED = 'student-data-cleared';

/** The account this browser's tutorial data belongs to; null while it is anonymous. */
export function dataOwner(): string | null {
  return browserStorage()?.getItem(OWNER_KEY) ?? null;
}

let generation = 0;

/** Changes each time the data is cleared: work begun before must not be saved after. */
export const dataGeneration = () => generation;

function clearedHere() {
  generation += 1;
  window.dispatchEvent(new Event(STUDENT_DATA_CLEARED));
}

/**
 * The offline worker's caches that hold the same for everyone: its precache of the site's
 * public files (named by Workbox) and the lessons as last fetched (scripts/service-worker.mjs).
 */
const PUBLIC_CACHE_PREFIXES = ['workbox-precache', 'lessons-'];

/**
 * Any cache besides the offline worker's public ones. The worker keeps
 * nothing for one student (it precaches only pages that are the same for
 * everyone, never an answer from /api/ nor one that sets a cookie), so this
 * guards against a cache added later keeping someone's data past logout.
 */
async function clearPersonalCaches() {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  const isPublic = (name: string) => PUBLIC_CACHE_PREFIXES.some((prefix) => name.startsWith(prefix));
  await Promise.all(names.filter((name) => !isPublic(name)).map((name) => caches.delete(name)));
}

function forgetStudentData() {
  for (const key of storedKeys(STUDENT_DATA_PREFIX)) browserStorage()?.removeItem(key);
  void clearPersonalCaches().catch(() => {});
}

/** Removes every trace of the student's tutorial work from this browser and tells the page. */
export function clearStudentData() {
  forgetStudentData();
  clearedHere();
}

/**
 * Whether this browser's tutorial work belongs to an account whose session has
 * ended with no page open to see it (the browser closed without logging out,
 * say): the session's mark is gone, or names someone else.
 */
export const ownerSessionEnded = () => {
  const owner = dataOwner();
  return owner !== null && markedSession() !== owner;
};

// Checked as the page's script starts, before anything reads the work: the server may be out
// of reach (offline), so the mark is the only word on the session there is. Nothing on the
// page has shown the work yet, so there is nothing to tell it.
if (typeof window !== 'undefined' && ownerSessionEnded()) forgetStudentData();

// Logout or another sign-in in another tab changes the storage this tab shares: this tab's page
// lets go of the work it shows too, so it cannot save it anywhere.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === OWNER_KEY && event.oldValue !== null && event.newValue !== event.oldValue) clearedHere();
  });
}

type SignOutTask = () => Promise<void>;
const signOutTasks = new Set<SignOutTask>();

/** Registers work to finish before signing out (sending unsaved work); returns the unregister function. */
export function beforeSignOut(task: SignOutTask): () => void {
  signOutTasks.add(task);
  return () => signOutTasks.delete(task);
}

/** Runs the registered tasks, waiting at most `limitMs`: signing out must not hang on a slow network. */
export async function finishBeforeSignOut(limitMs = 3000) {
  if (signOutTasks.size === 0) return;
  const all = Promise.allSettled([...signOutTasks].map((task) => task()));
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, limitMs))]);
}
