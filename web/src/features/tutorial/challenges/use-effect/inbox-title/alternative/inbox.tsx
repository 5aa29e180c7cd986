import { useEffect, useState } from 'react';

// Another correct answer: the title is worked out while rendering, and the effect
// only copies it to the document. Its cleanup puts back the title the page had.
export function Inbox() {
  const [unread, setUnread] = useState(0);
  const title = unread === 0 ? 'Inbox' : `Inbox (${unread})`;

  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <div className="demo-stack">
      <p className="demo-value">Unread messages: {unread}</p>
      <div className="demo-row">
        <button type="button" className="demo-button" onClick={() => setUnread((count) => count + 1)}>
          New message
        </button>
        <button type="button" className="demo-button demo-button--secondary" onClick={() => setUnread(0)}>
          Mark all as read
        </button>
      </div>
    </div>
  );
}
