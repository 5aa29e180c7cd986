import { useState } from 'react';

export function Inbox() {
  const [unread, setUnread] = useState(0);

  function receiveMessage() {
    setUnread(unread + 1);
    document.title = `Inbox (${unread})`;
  }

  return (
    <div className="demo-stack">
      <p className="demo-value">Unread messages: {unread}</p>
      <div className="demo-row">
        <button type="button" className="demo-button" onClick={receiveMessage}>
          New message
        </button>
        <button type="button" className="demo-button demo-button--secondary" onClick={() => setUnread(0)}>
          Mark all as read
        </button>
      </div>
    </div>
  );
}
