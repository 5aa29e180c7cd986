/**
 * The signed-in user's menu in the header: their account, the pages of their
 * roles, and Logout. A chunk of its own, loaded only once someone is signed in,
 * so that a visitor's pages carry none of it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { refreshNewMessages, useNewMessages } from '../../features/staff/new-messages';
import { authApi } from '../../shared/auth/auth-api';
import { useAuth } from '../../shared/auth/auth-context';
import { AppLink } from '../../shared/components/app-link';
import { finishBeforeSignOut } from '../../shared/lib/student-data';
import { ACCOUNT_PATH } from '../../shared/paths/account';
import { isStaff, STAFF_PATH } from '../../shared/paths/staff';
import { isTeacher, TEACH_PATH } from '../../shared/paths/teach';
import { AccountToggle } from './account-toggle';

export default function AccountMenu({ name, unverified, roles }: { name: string; unverified: boolean; roles: readonly string[] }) {
  const { setUser } = useAuth();
  const newMessages = useNewMessages();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const staff = isStaff({ roles });

  useEffect(() => {
    if (open && staff) refreshNewMessages();
  }, [open, staff]);

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
      <AccountToggle ref={toggle} name={name} open={open} menuId={menuId} onClick={() => setOpen((wasOpen) => !wasOpen)} />
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        {unverified && <p className="account-menu__notice">Your email is not verified yet.</p>}
        <AppLink href={ACCOUNT_PATH} className="account-menu__item" onClick={() => setOpen(false)}>
          Your account
        </AppLink>
        {isTeacher({ roles }) && (
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
