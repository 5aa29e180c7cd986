import { useEffect } from 'react';
import { serverContentHere } from '../shared/lib/server-content';
import '../features/notices/notices.css';
import '../features/notices/courses.css';
import '../features/notices/disclosure.css';
import '../features/notices/people.css';
import '../features/notices/grievances.css';
import '../features/notices/search.css';
import '../shared/styles/grievance-facts.css';

/** Where the build-time template leaves room for the server's HTML (content/render/template.rs). */
const SERVER_CONTENT_SLOT = '<!--server-content-->';

/**
 * `/notices`, a notice, `/courses`, a course, `/disclosure`, `/people`, a person and a student's grievances (their own chunk): the server's HTML as the
 * page came with it.
 * Reached inside the app, the page is loaded from the server: the app holds no copy of the
 * office's text. (An address with no notice gets the server's 404 page, which the app keeps
 * showing: see `CurrentPage` in app.tsx.)
 */
export default function ServerContentPage() {
  const content = serverContentHere('html', SERVER_CONTENT_SLOT);
  const state = typeof content === 'string' ? content : 'shown';
  useEffect(() => {
    if (state === 'not-loaded') window.location.replace(window.location.href);
    // A refused form's error summary (an enquiry's) asks for the focus, which the browser
    // gives with JavaScript off; with it on, the app's start may have taken it since.
    document.querySelector<HTMLElement>('.server-content [autofocus]')?.focus();
  }, [state]);
  // A page the server answered without its text: nothing more to show than it did.
  if (content === 'none') return null;
  if (content === 'not-loaded') {
    return (
      <div className="section container">
        <p role="status">Loading…</p>
      </div>
    );
  }
  // Sanitised on the server (content/render/markdown.rs), and the very string the page came with.
  return <div className="server-content" dangerouslySetInnerHTML={{ __html: content.html }} />;
}
