import { useEffect, useState } from 'react';

export function Inbox() {
  const [unread, setUnread] = useState(0);

  // Runs after the first render and whenever `unread` changes, whatever changed it.
  useEffect(() => {
    document.title = unread > 0 ? `Inbox (${unread})` : 'Inbox';
  }, [unread]);

  return (
    <div className="demo-stack">
      <p className="demo-value">Unread messages: {unread}</p>
      <div className="demo-row">
        <button type="button" className="demo-button" onClick={() => setUnread(unread + 1)}>
          New message
        </button>
        <button type="button" className="demo-button demo-button--secondary" onClick={() => setUnread(0)}>
          Mark all as read
        </button>
      </div>
    </div>
  );
}
