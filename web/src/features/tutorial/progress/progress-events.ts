import { STUDENT_DATA_CLEARED } from '../../../shared/lib/student-data';

/** Fired on window when this page changes the student's progress or saved edits. */
const PROGRESS_CHANGED = 'tutorial-progress-changed';

export const notifyProgress = () => window.dispatchEvent(new Event(PROGRESS_CHANGED));

/**
 * Calls `onChange` whenever the student's progress may have changed: here, in
 * another tab (the browser's `storage` event), or cleared at logout. Returns
 * the unsubscribe function, as `useSyncExternalStore` wants.
 */
export function subscribeToProgress(onChange: () => void): () => void {
  const events = [PROGRESS_CHANGED, STUDENT_DATA_CLEARED, 'storage'];
  for (const name of events) window.addEventListener(name, onChange);
  return () => {
    for (const name of events) window.removeEventListener(name, onChange);
  };
}
