import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { AccountTogglePlaceholder } from './account-toggle';
import { shownName } from './api';
import { useAuth } from './auth-context';
import { ACCOUNT_PATH } from './paths';
import { loginHref } from './return-to';
import './auth.css';

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
