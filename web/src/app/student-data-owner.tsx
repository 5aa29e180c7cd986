import { useEffect, type ReactNode } from 'react';
import { useAuth } from '../shared/auth/auth-context';
import { StudentContext } from '../shared/lib/student-context';

/**
 * Ties the tutorial work kept in this browser to the session, on every page:
 * signed out (logout, or a session that expired) or signed in as someone
 * else, the account's work is cleared from this browser. Anonymous work stays,
 * to be merged into the account when the student opens the tutorial. No
 * request is made for this: the session is asked for anyway. Each answer also
 * sets or ends the session's mark, which lets a page that cannot reach the
 * server tell whether the work's session still lives (session-mark.ts).
 *
 * The code that does it (student-session.ts) loads with the first answer: no page
 * needs it to paint or to answer a first tap. The tutorial's pages, the only ones
 * that show the work, hold student-data.ts in their own code, which checks the
 * session's mark as it starts.
 */
export function StudentDataOwner({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const student = user === undefined ? undefined : (user?.uid ?? null);

  useEffect(() => {
    if (student === undefined) return;
    // Should the code not arrive (a dropped connection), the next page's load does it again.
    import('./student-session').then((session) => session.followSession(student), () => {});
  }, [student]);

  return <StudentContext.Provider value={student}>{children}</StudentContext.Provider>;
}
