import { browserStorage } from '../shared/lib/browser-storage';
import { markSession, unmarkSession } from '../shared/lib/session-mark';
import { beforeSignOut, clearStudentData, dataOwner, SEND_QUEUE_KEY } from '../shared/lib/student-data';

let sendsBeforeSignOut = false;

/**
 * What the tutorial work kept in this browser follows of each answer of the session
 * (see student-data-owner.tsx): signed out, or signed in as someone else, the
 * account's work is cleared; the session's mark is set or ended. The first answer
 * also has work still on its way to the account sent before a logout clears it,
 * whichever page the student logs out from (the code that sends it loads only
 * when there is something to send).
 */
export function followSession(student: string | null): void {
  const owner = dataOwner();
  if (owner !== null && owner !== student) clearStudentData();
  if (student === null) unmarkSession();
  else markSession(student);
  if (sendsBeforeSignOut) return;
  sendsBeforeSignOut = true;
  beforeSignOut(async () => {
    if (browserStorage()?.getItem(SEND_QUEUE_KEY) == null) return;
    const { sendQueue } = await import('../features/tutorial/progress/send-queue');
    await sendQueue();
  });
}
