import { useState } from 'react';
import { Router, useLocation } from 'wouter';
import { AuthProvider } from '../shared/auth/auth-context';
import { ContactStateContext, type ContactState } from '../features/contact/contact-state';
import { findRoute, NOT_FOUND_PATH, notFoundRoute } from './routes';
import { Shell } from './shell/shell';
import { StudentDataOwner } from './student-data-owner';

export interface PageState {
  readonly contact?: ContactState;
}

interface AppProps {
  /** The path to render on the server, and to hydrate against in the browser. */
  readonly ssrPath?: string;
  /** State the server sent with this page (a contact form with problems). */
  readonly pageState?: PageState;
}

/** `notFound`: the page the server answered with was its 404 page, whatever the address. */
function CurrentPage({ notFound }: { notFound: boolean }) {
  const [location] = useLocation();
  const { Component } = (!notFound && findRoute(location)) || notFoundRoute;
  return <Component />;
}

function StatefulPages({ pageState, servedNotFound }: { pageState?: PageState; servedNotFound: boolean }) {
  const [location] = useLocation();
  // The server's state belongs to the page it came with, not to later visits.
  const [firstLocation] = useState(location);
  // The address the server answered with its 404 page (it hydrates at NOT_FOUND_PATH): a 404 page it stays.
  const [notFoundAt] = useState(() => (servedNotFound && typeof window !== 'undefined' ? window.location.pathname : undefined));
  const [leftFirstPage, setLeftFirstPage] = useState(false);
  if (!leftFirstPage && location !== firstLocation) setLeftFirstPage(true);
  const contact = leftFirstPage ? undefined : pageState?.contact;
  return (
    <AuthProvider>
      <StudentDataOwner>
        <ContactStateContext.Provider value={contact}>
          <Shell>
            <CurrentPage notFound={location === notFoundAt} />
          </Shell>
        </ContactStateContext.Provider>
      </StudentDataOwner>
    </AuthProvider>
  );
}

export function App({ ssrPath, pageState }: AppProps) {
  return (
    <Router ssrPath={ssrPath}>
      <StatefulPages pageState={pageState} servedNotFound={ssrPath === NOT_FOUND_PATH} />
    </Router>
  );
}
