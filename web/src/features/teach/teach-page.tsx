import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { ApiError } from '../../shared/lib/api-client';
import { useAuth } from '../../shared/auth/auth-context';
import { useSecondFactorGate } from '../../shared/auth/second-factor-gate';
import { NeedsJavaScript } from '../../shared/components/form-parts';
import { loginHref } from '../../shared/auth/return-to';
import { ClassList } from './class-list';
import { ClassPage } from './class-page';
import { isTeacher, TEACH_PATH } from '../../shared/paths/teach';
import '../../shared/styles/records.css';
import './teach.css';

/** `/teach` is the list of classes (null), `/teach/<id>` one class. */
function classIdAt(path: string): string | null {
  const rest = path.slice(TEACH_PATH.length + 1).replace(/\/$/, '');
  return rest ? decodeURIComponent(rest) : null;
}

/**
 * /teach and the pages below it: a teacher's classes. The server serves a
 * teacher's /teach with the frame of their classes (prerendered, no class data
 * in it), and every other page here with a shell that waits for the session
 * (TEACH_WAITING_SHELL); the page reads the path and the class from the API.
 * Only an account with the teacher role gets anything from the API; anyone
 * else is told how to get the role. Its own chunk.
 */
export default function TeachPage() {
  const { user, refresh } = useAuth();
  useSecondFactorGate();
  const [location, navigate] = useLocation();
  // While hydrating, the path of the shell the server chose: /teach itself only for a teacher.
  const [shell] = useState(location);
  const classId = location.startsWith(`${TEACH_PATH}/`) ? classIdAt(location) : null;
  // A teacher's /teach (or /teach/) as served: the list's frame before the session's answer comes.
  const servedToTeacher = user === undefined && shell === TEACH_PATH && classId === null;
  // The server refused a call: the role was revoked while the page was open.
  const [refused, setRefused] = useState(false);
  // Said on the list after a class was deleted from its page.
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (user === null) navigate(loginHref(location), { replace: true });
  }, [user, location, navigate]);

  const onApiError = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      if (error.code === 'not-a-teacher') setRefused(true);
      // The session ended elsewhere: asking again who is signed in sends the page to /login.
      else if (error.code === 'not-signed-in') void refresh();
    },
    [refresh],
  );

  let content;
  if (servedToTeacher) {
    content = <ClassList onApiError={onApiError} notice={notice} />;
  } else if (!user) {
    content = (
      <>
        <h1>{college.pages.teach.title}</h1>
        <NeedsJavaScript action="Teaching a class" />
        <p role="status" className="teach-page__loading">
          Loading your classes…
        </p>
      </>
    );
  } else if (refused || !isTeacher(user)) {
    content = <NotForYou email={user.email} />;
  } else if (classId) {
    content = (
      <ClassPage key={classId} classId={classId} onApiError={onApiError}
        onDeleted={(name) => {
          setNotice(`The class “${name}” is deleted.`);
          navigate(TEACH_PATH);
        }} />
    );
  } else {
    content = <ClassList onApiError={onApiError} notice={notice} />;
  }
  return <div className="section container teach-page signed-in-page">{content}</div>;
}

/** For an account without the teacher role: what the page is, and how to get the role. */
function NotForYou({ email }: { readonly email: string }) {
  usePageMeta(college.pages.teach);
  return (
    <>
      <h1>{college.pages.teach.title}</h1>
      <div className="auth-card teach-page__not-yours">
        <p>
          <strong>This page is for teachers.</strong> Your account ({email}) does not have the teacher role, so it has no
          classes to show.
        </p>
        <p>
          The college office gives the teacher role to the college’s teachers. If you teach here,{' '}
          <AppLink href="/contact">ask the office</AppLink> to add it to this account, then reload this page.
        </p>
        <p>
          A student joins a class with the link or code their teacher gives them.
        </p>
      </div>
    </>
  );
}
