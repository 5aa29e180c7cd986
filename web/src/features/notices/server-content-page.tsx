import { useContext, useEffect } from 'react';
import { ServerContentContext } from './server-content';
import './notices.css';

/**
 * A page whose text the server rendered (`/notices`, a notice): shown as the server sent it.
 * Reached inside the app (the browser's Back button after a move to another page, say), the
 * app has no copy of that text: the page is loaded from the server instead.
 */
export default function ServerContentPage() {
  const content = useContext(ServerContentContext);
  useEffect(() => {
    if (!content) window.location.replace(window.location.href);
  }, [content]);
  if (!content) {
    return (
      <div className="section container">
        <p role="status">Loading…</p>
      </div>
    );
  }
  // Sanitised on the server (content/markdown.rs), and the very string the page came with.
  return <div className="server-content" dangerouslySetInnerHTML={{ __html: content.html }} />;
}
