import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useLoad } from '../../shared/hooks/use-load';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { ApiError } from '../../shared/lib/api-client';
import { useAuth } from '../../shared/auth/auth-context';
import { useSecondFactorGate } from '../../shared/auth/second-factor-gate';
import { NeedsJavaScript } from '../../shared/components/form-parts';
import { loginHref } from '../../shared/auth/return-to';
import { AuditPage } from './audit-page';
import { InboxPage } from './inbox-page';
import { MailHealthPage } from './mail-health-page';
import { MessagePage } from './message-page';
import { setNewMessages } from './new-messages';
import { PeoplePage } from './people-page';
import { PersonPage } from './person-page';
import { staffApi } from './staff-api';
import { StaffLayout } from './staff-layout';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { StaffContext } from '../../shared/staff/staff-parts';
import { readsInbox, roomAt, type StaffRoom } from '../../shared/staff/staff-room';
import { staffView, type StaffView } from './staff-views';
import '../../shared/styles/records.css';
import '../../shared/styles/staff.css';

/**
 * /staff and the pages below it: the office's inbox, for an administrator
 * people, the audit log and mail health, and the `rooms` other features bring
 * (the editors' notices) to those who hold their role. The server serves one
 * prerendered shell, with no data, to every signed-in visitor; the page reads
 * the path and everything else from the API, which refuses anyone without a
 * staff role: the page then shows its refusal. In the staff chunk (app/staff.tsx).
 */
export function StaffPage({ rooms }: { readonly rooms: readonly StaffRoom[] }) {
  const { user, refresh } = useAuth();
  useSecondFactorGate();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (user === null) navigate(loginHref(search ? `${location}?${search}` : location), { replace: true });
  }, [user, location, search, navigate]);

  const onApiError = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      if (error.code === 'not-office') setRefusal(error.message);
      // The session ended elsewhere (or the account was disabled): asking again who is signed in sends the page to /login.
      else if (error.code === 'signed-out' || error.code === 'not-signed-in') void refresh();
    },
    [refresh],
  );

  // Read once the session is known, and again after each change to a message's status or mail.
  const {
    data: summary,
    problem: summaryProblem,
    reload: refreshSummary,
  } = useLoad(
    () =>
      staffApi.summary().then((answer) => {
        setRefusal(null);
        setNewMessages(answer.newMessages);
        return answer;
      }),
    user?.uid ?? null,
    onApiError,
  );

  const staff = useMemo(() => ({ summary, refreshSummary, onApiError }), [summary, refreshSummary, onApiError]);
  const room = roomAt(rooms, location);
  const view = staffView(location);
  const heldRooms = useMemo(() => rooms.filter((held) => summary?.roles.includes(held.role)), [rooms, summary]);
  const inbox = summary ? readsInbox(summary.roles) : false;
  // An editor who is not of the office starts in their first room, not at an inbox they cannot open.
  const startsElsewhere = summary !== null && !inbox && !room && heldRooms.length > 0 && view.name === 'inbox';
  useEffect(() => {
    if (startsElsewhere) navigate(heldRooms[0]!.path, { replace: true });
  }, [startsElsewhere, heldRooms, navigate]);

  let content;
  if (refusal) {
    content = <NotForYou message={refusal} email={user?.email ?? ''} />;
  } else if (!user || !summary) {
    content = (
      <>
        <h1>{STAFF_META.title}</h1>
        <NeedsJavaScript action="The staff area" />
        {summaryProblem ? (
          <>
            <p role="alert" className="auth-form__problem">
              {summaryProblem}
            </p>
            <button type="button" className="button" onClick={refreshSummary}>
              Try again
            </button>
          </>
        ) : (
          <p role="status" className="staff-page__loading">
            Loading the staff area…
          </p>
        )}
      </>
    );
  } else if (room) {
    content = (
      <StaffLayout summary={summary} view={view} rooms={heldRooms} room={room}>
        {summary.roles.includes(room.role) ? <room.Page path={location} search={search} /> : <NotInRoom room={room} />}
      </StaffLayout>
    );
  } else if (!inbox) {
    content = startsElsewhere ? null : <NotForYou message="This page is for the college office." email={user.email} />;
  } else {
    content = (
      <StaffLayout summary={summary} view={view} rooms={heldRooms}>
        <StaffView view={view} admin={summary.roles.includes('admin')} search={search} />
      </StaffLayout>
    );
  }
  return (
    <StaffContext.Provider value={staff}>
      <div className="section container staff-page signed-in-page">{content}</div>
    </StaffContext.Provider>
  );
}

function StaffView({ view, admin, search }: { readonly view: StaffView; readonly admin: boolean; readonly search: string }) {
  if (view.adminOnly && !admin) return <NotAdmin />;
  switch (view.name) {
    case 'inbox':
      return <InboxPage search={search} />;
    case 'message':
      return <MessagePage key={view.id} id={view.id} search={search} />;
    case 'people':
      return <PeoplePage search={search} />;
    case 'person':
      return <PersonPage key={view.id} id={view.id} search={search} />;
    case 'audit':
      return <AuditPage search={search} />;
    case 'mail':
      return <MailHealthPage />;
    case 'unknown':
      return <NoSuchPage />;
  }
}

/** For an account without the office role: the server's refusal, and how to get the role. */
function NotForYou({ message, email }: { readonly message: string; readonly email: string }) {
  usePageMeta(STAFF_META);
  return (
    <>
      <h1>{STAFF_META.title}</h1>
      <div className="auth-card staff-page__not-yours">
        <p>
          <strong>{message}</strong>
          {email && ` Your account (${email}) does not have the office role.`}
        </p>
        <p>
          An administrator of the site gives the office role to the college’s office staff, and the editor role to those who
          publish its notices.
        </p>
      </div>
    </>
  );
}

/** A staff member in a room whose role they lack (by a link or the address bar). */
function NotInRoom({ room }: { readonly room: StaffRoom }) {
  usePageMeta(STAFF_META);
  return (
    <>
      <h1>{STAFF_META.title}</h1>
      <p className="auth-card staff-page__not-yours">
        <strong>{room.label} are for the college’s editors.</strong> Ask an administrator for the editor role if you publish
        them.
      </p>
    </>
  );
}

/** An office member on an administrator's page (by a link or the address bar): said as the server would. */
function NotAdmin() {
  usePageMeta(STAFF_META);
  return (
    <>
      <h1>{STAFF_META.title}</h1>
      <p className="auth-card staff-page__not-yours">
        <strong>Only an administrator can do this.</strong> Your account can read and answer the inbox.
      </p>
    </>
  );
}

function NoSuchPage() {
  usePageMeta(STAFF_META);
  return (
    <>
      <h1>Page not found</h1>
      <p>The staff area has no such page. The menu above lists its pages.</p>
    </>
  );
}
