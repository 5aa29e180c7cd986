import { useState } from 'react';
import { Router, useLocation } from 'wouter';
import { AuthProvider } from '../shared/auth/auth-context';
import { ContactStateContext, type ContactState } from '../features/contact/contact-state';
import { ServerContentContext, type ServerContent } from '../features/notices/server-content';
import { findRoute, notFoundRoute } from './routes';
import { Shell } from './shell/shell';
import { StudentDataOwner } from './student-data-owner';

export interface PageState {
  readonly contact?: ContactState;
  /** The main HTML of a page the server rendered (a notice). */
  readonly content?: ServerContent;
}

interface AppProps {
  /** The path to render on the server, and to hydrate against in the browser. */
  readonly ssrPath?: string;
  /** State the server sent with this page (a contact form with problems). */
  readonly pageState?: PageState;
}

function CurrentPage() {
  const [location] = useLocation();
  const { Component } = findRoute(location) ?? notFoundRoute;
  return <Component />;
}

function StatefulPages({ pageState }: { pageState?: PageState }) {
  const [location] = useLocation();
  // The server's state belongs to the page it came with, not to later visits.
  const [firstLocation] = useState(location);
  const [leftFirstPage, setLeftFirstPage] = useState(false);
  if (!leftFirstPage && location !== firstLocation) setLeftFirstPage(true);
  const contact = leftFirstPage ? undefined : pageState?.contact;
  const content = leftFirstPage ? undefined : pageState?.content;
  return (
    <AuthProvider>
      <StudentDataOwner>
        <ContactStateContext.Provider value={contact}>
          <ServerContentContext.Provider value={content}>
            <Shell>
              <CurrentPage />
            </Shell>
          </ServerContentContext.Provider>
        </ContactStateContext.Provider>
      </StudentDataOwner>
    </AuthProvider>
  );
}

export function App({ ssrPath, pageState }: AppProps) {
  return (
    <Router ssrPath={ssrPath}>
      <StatefulPages pageState={pageState} />
    </Router>
  );
}
