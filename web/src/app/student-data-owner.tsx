import { useEffect, type ReactNode } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { clearStudentData, dataOwner, StudentContext } from '../shared/lib/student-data';

/**
 * Ties the tutorial work kept in this browser to the session, on every page:
 * signed out (logout, or a session that expired) or signed in as someone
 * else, the account's work is cleared from this browser. Anonymous work stays,
 * to be merged into the account when the student opens the tutorial. No
 * request is made for this: the session is asked for anyway.
 */
export function StudentDataOwner({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const student = user === undefined ? undefined : (user?.uid ?? null);

  useEffect(() => {
    if (student === undefined) return;
    const owner = dataOwner();
    if (owner !== null && owner !== student) clearStudentData();
  }, [student]);

  return <StudentContext.Provider value={student}>{children}</StudentContext.Provider>;
}
