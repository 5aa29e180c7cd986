import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { AccountTogglePlaceholder } from './account-toggle';
import { shownName } from '../../shared/auth/auth-api';
import { useAuth } from '../../shared/auth/auth-context';
import { ACCOUNT_PATH } from '../../shared/paths/account';
import { loginHref } from '../../shared/auth/return-to';
// Every page's stylesheet holds the forms' styles: a signed-in page's prerendered HTML
// shows (its "needs JavaScript" notice too) before its own chunk arrives.
import '../../shared/styles/forms.css';
import './account-menu.css';

const AccountMenu = lazy(() =>
  import('./account-menu').catch(() => ({
    // The menu's code did not arrive (a dropped connection, or a deploy since this page was
    // loaded): the name still leads to the account page, loaded whole, which can sign out.
    default: ({ name }: { name: string }) => (
      <a href={ACCOUNT_PATH} className="button button--outline account-menu__toggle">
        <span className="visually-hidden">Signed in as </span>
        {name}
      </a>
    ),
  })),
);

/**
 * The account area at the end of the header: the Login link, or the signed-in
 * user's name opening a small menu (its own chunk: visitors never load it).
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
  const name = shownName(user);
  return (
    <Suspense
      fallback={
        <div className="account-menu">
          <AccountTogglePlaceholder name={name} />
        </div>
      }
    >
      <AccountMenu name={name} unverified={user.emailVerified === false} roles={user.roles ?? []} />
    </Suspense>
  );
}
