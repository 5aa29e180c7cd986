import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { finishBeforeSignOut } from '../../shared/lib/student-data';
import { isStaff, STAFF_PATH, useNewMessages } from '../staff/paths';
import { isTeacher, TEACH_PATH } from '../teach/paths';
import { authApi, shownName } from './api';
import { useAuth } from './auth-context';
import { ACCOUNT_PATH } from './paths';
import { loginHref } from './return-to';
import './auth.css';

/**
 * The account area at the end of the header: the Login link, or the signed-in
 * user's name opening a small menu with Logout.
 */
export function HeaderAccount() {
  const { user } = useAuth();
  const [location] = useLocation();
  if (!user) {
    return (
      <AppLink href={loginHref(location)} className="button button--outline header-account__login">
        {college.login.label}
      </AppLink>
    );
  }
  return <AccountMenu name={shownName(user)} unverified={user.emailVerified === false} teacher={isTeacher(user)}
    staff={isStaff(user)} />;
}

function AccountMenu({ name, unverified, teacher, staff }: { name: string; unverified: boolean; teacher: boolean; staff: boolean }) {
  const { setUser } = useAuth();
  const newMessages = useNewMessages();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  async function logout() {
    setProblem(null);
    try {
      // Unsaved tutorial work goes to the account first: logging out clears it from this browser.
      await finishBeforeSignOut();
      await authApi.logout();
      setOpen(false);
      setUser(null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(message);
      setProblem(`Logout failed: ${message}`);
    }
  }

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="button button--outline account-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span className="visually-hidden">Signed in as </span>
        {name}
        <span aria-hidden="true" className="account-menu__caret">
          ▾
        </span>
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        {unverified && <p className="account-menu__notice">Your email is not verified yet.</p>}
        <AppLink href={ACCOUNT_PATH} className="account-menu__item" onClick={() => setOpen(false)}>
          Your account
        </AppLink>
        {teacher && (
          <AppLink href={TEACH_PATH} className="account-menu__item" onClick={() => setOpen(false)}>
            Classes you teach
          </AppLink>
        )}
        {staff && (
          <AppLink href={STAFF_PATH} className="account-menu__item" onClick={() => setOpen(false)}>
            Staff area{newMessages ? ` (${newMessages} new)` : ''}
          </AppLink>
        )}
        <button type="button" className="account-menu__item" onClick={() => void logout()}>
          Logout
        </button>
      </div>
      {problem && (
        <p role="alert" className="account-menu__problem">
          {problem}
        </p>
      )}
    </div>
  );
}
