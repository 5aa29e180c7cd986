import { useEffect, type ReactNode } from 'react';
import { useAuth } from '../shared/auth/auth-context';
import { browserStorage } from '../shared/lib/browser-storage';
import { markSession, unmarkSession } from '../shared/lib/session-mark';
import { beforeSignOut, clearStudentData, dataOwner, SEND_QUEUE_KEY, StudentContext } from '../shared/lib/student-data';

/**
 * Ties the tutorial work kept in this browser to the session, on every page:
 * signed out (logout, or a session that expired) or signed in as someone
 * else, the account's work is cleared from this browser. Anonymous work stays,
 * to be merged into the account when the student opens the tutorial. No
 * request is made for this: the session is asked for anyway. Each answer also
 * sets or ends the session's mark, which lets a page that cannot reach the
 * server tell whether the work's session still lives (session-mark.ts).
 */
export function StudentDataOwner({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const student = user === undefined ? undefined : (user?.uid ?? null);

  useEffect(() => {
    if (student === undefined) return;
    const owner = dataOwner();
    if (owner !== null && owner !== student) clearStudentData();
    if (student === null) unmarkSession();
    else markSession(student);
  }, [student]);

  // Work still on its way to the account is sent before logout clears it, whichever page the
  // student logs out from (the code that sends it loads only when there is something to send).
  useEffect(
    () =>
      beforeSignOut(async () => {
        if (browserStorage()?.getItem(SEND_QUEUE_KEY) == null) return;
        const { sendQueue } = await import('../features/tutorial/progress/send-queue');
        await sendQueue();
      }),
    [],
  );

  return <StudentContext.Provider value={student}>{children}</StudentContext.Provider>;
}
