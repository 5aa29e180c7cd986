/**
 * What a student keeps in this browser (the tutorial's progress and edited
 * code, every key starting with `tutorial-`) and whose it is. Work done signed
 * out has no owner; once a signed-in student opens the tutorial it is merged
 * into their account and belongs to them (the tutorial's progress sync). Logout,
 * an expired session or another account clears the account's work, so the next
 * person at a shared computer starts with a clean tutorial.
 *
 * Every page loads this module: what only the tutorial needs lives there.
 */
import { createContext } from 'react';
import { browserStorage } from './browser-storage';

const PREFIX = 'tutorial-';
export const OWNER_KEY = 'tutorial-owner:v1';
/** Fired on window once the student's data has been removed from this browser. */
export const STUDENT_DATA_CLEARED = 'student-data-cleared';

/** The account this browser's tutorial data belongs to; null while it is anonymous. */
export function dataOwner(): string | null {
  return browserStorage()?.getItem(OWNER_KEY) ?? null;
}

export function studentKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * The signed-in student's account id, as the app learnt it from the session:
 * undefined while not known, null when signed out.
 */
export const StudentContext = createContext<string | null | undefined>(undefined);

let generation = 0;

/** Changes each time the data is cleared: work begun before must not be saved after. */
export const dataGeneration = () => generation;

/** Removes every trace of the student's tutorial work from this browser and tells the page. */
export function clearStudentData() {
  const storage = browserStorage();
  if (storage) for (const key of studentKeys(storage)) storage.removeItem(key);
  generation += 1;
  window.dispatchEvent(new Event(STUDENT_DATA_CLEARED));
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
