import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../../shared/components/app-link';
import { useAuth } from '../../../shared/auth/auth-context';
import { useSecondFactorGate } from '../../../shared/auth/second-factor-gate';
import { FormProblem, NeedsJavaScript } from '../../../shared/components/form-parts';
import { useLoad } from '../../../shared/hooks/use-load';
import { ACCOUNT_PATH } from '../../../shared/paths/account';
import { loginHref } from '../../../shared/auth/return-to';
import { accountApi, type AccountOverview, type AccountRecord } from './account-api';
import { AccountContents } from './account-contents';
import { useRecentSignIn } from './account-parts';
import { DataSection, DeleteSection } from './delete-section';
import { EmailSection } from './email-section';
import { GrievancesSection } from './grievances-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TwoStepSection } from './two-step-section';
import '../../../shared/styles/forms.css';
import './account.css';

/**
 * The section of the student's classes, which the join feature owns (its API, its
 * promise of what a teacher sees): app/account-page.tsx hands it to this page, so
 * that neither feature imports the other.
 */
export type ClassesSectionComponent = ComponentType<{ readonly onSignedOut: () => void }>;

/**
 * /account: the signed-in user's profile, email, password, sessions, classes,
 * data and deletion. The server sends anyone signed out to /login before the page
 * loads; a session that ends while the page is open sends it there too. Either
 * way the user is brought back after signing in. Its own chunk (app/account-page.tsx).
 */
export default function AccountPage({ ClassesSection }: { readonly ClassesSection: ClassesSectionComponent }) {
  const { user, setUser, refresh } = useAuth();
  useSecondFactorGate();
  const [, navigate] = useLocation();
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    if (user === null && !deleted) navigate(loginHref(ACCOUNT_PATH), { replace: true });
  }, [user, deleted, navigate]);

  return (
    <div className="section container auth-page account-page signed-in-page">
      <h1>Your account</h1>
      <NeedsJavaScript action="Managing your account" />
      {!deleted && <AccountContents />}
      {deleted ? (
        <Farewell />
      ) : user === null ? (
        <Loading />
      ) : (
        // Mounted before the session's answer arrives, so the account loads beside it.
        <AccountSections
          ClassesSection={ClassesSection}
          signedInAs={user?.uid}
          onNameChange={(displayName) => (user ? setUser({ ...user, displayName }) : void refresh())}
          onDeleted={() => {
            setDeleted(true);
            setUser(null);
          }}
        />
      )}
    </div>
  );
}

/**
 * Holds the sections' place while the account loads: taller than a screen, as
 * the sections are, so nothing in view moves when they arrive.
 */
function Loading() {
  return (
    <div className="account-page__loading">
      <p role="status">Loading your account…</p>
    </div>
  );
}

function Farewell() {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="auth-card">
      <p ref={ref} tabIndex={-1} className="account-page__farewell">
        Your account is deleted. We have sent a confirmation to your email address.
      </p>
      <p>
        <AppLink href="/">Back to the home page</AppLink>
      </p>
    </div>
  );
}

interface AccountSectionsProps {
  readonly ClassesSection: ClassesSectionComponent;
  /** The uid of the signed-in user, once the session's answer has come. */
  readonly signedInAs?: string | undefined;
  readonly onNameChange: (displayName: string | null) => void;
  readonly onDeleted: () => void;
}

interface Loaded {
  readonly overview: AccountOverview;
  readonly loadedAt: number;
}

/** The account as the server has it now, and when it was read (a recent sign-in counts down from then). */
const readAccount = (): Promise<Loaded> => accountApi.overview().then((overview) => ({ overview, loadedAt: Date.now() }));

function AccountSections({ ClassesSection, signedInAs, onNameChange, onDeleted }: AccountSectionsProps) {
  const { refresh } = useAuth();
  // Loads the account once the page shows. A 401 means the session ended: asking again who is signed in sends the page to /login.
  const account = useLoad(readAccount, 'account', () => void refresh());
  const { data: loaded, reload } = account;

  // Someone else signed in on this page (asked again who is signed in): their account is loaded.
  const loadedAs = loaded?.overview.account.uid;
  useEffect(() => {
    if (signedInAs && loadedAs && signedInAs !== loadedAs) reload();
  }, [signedInAs, loadedAs, reload]);

  if (!loaded) {
    return account.problem ? (
      <div className="auth-card">
        <FormProblem problem={account.problem} />
        <button type="button" className="button" onClick={reload}>
          Try again
        </button>
      </div>
    ) : (
      <Loading />
    );
  }
  // Keyed by the account, so a different account's sections start afresh.
  return <Sections key={loaded.overview.account.uid} ClassesSection={ClassesSection} loaded={loaded} setLoaded={account.replace}
    reload={reload} onNameChange={onNameChange} onDeleted={onDeleted} />;
}

interface SectionsProps extends AccountSectionsProps {
  readonly loaded: Loaded;
  readonly setLoaded: (loaded: Loaded) => void;
  readonly reload: () => void;
}

function Sections({ ClassesSection, loaded, setLoaded, reload, onNameChange, onDeleted }: SectionsProps) {
  const { refresh } = useAuth();
  const { overview, loadedAt } = loaded;
  const { account, sessions } = overview;
  const recentSignIn = useRecentSignIn(account.recentSignInSeconds, loadedAt);
  const signedOut = () => void refresh();
  const signedInAgain = () => void refresh().then(reload);
  const withAccount = (next: AccountRecord) => setLoaded({ overview: { account: next, sessions }, loadedAt });
  // A link to one section (/account#sessions), or a tap on the contents while the account loaded.
  useEffect(() => {
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, []);

  return (
    <div className="account-page__sections">
      <ProfileSection
        account={account}
        onSaved={(saved) => {
          withAccount(saved);
          onNameChange(saved.displayName);
        }}
        onSignedOut={signedOut}
      />
      <EmailSection account={account} recentSignIn={recentSignIn} onSignedOut={signedOut}
        onSignedInAgain={signedInAgain} onPendingEmail={(pendingEmail) => withAccount({ ...account, pendingEmail })} />
      <PasswordSection account={account} recentSignIn={recentSignIn} onSignedOut={signedOut}
        onSignedInAgain={signedInAgain} onChanged={(next) => setLoaded({ overview: next, loadedAt: Date.now() })} />
      <TwoStepSection />
      <SessionsSection sessions={sessions} loadedAt={loadedAt} onSignedOut={signedOut}
        onSessions={(next) => setLoaded({ overview: { account, sessions: next }, loadedAt: Date.now() })} />
      <ClassesSection onSignedOut={signedOut} />
      <GrievancesSection />
      <DataSection />
      <DeleteSection account={account} recentSignIn={recentSignIn} onDeleted={onDeleted} onSignedOut={signedOut}
        onSignedInAgain={signedInAgain} />
    </div>
  );
}
