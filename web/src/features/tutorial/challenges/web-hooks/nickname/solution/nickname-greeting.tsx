import { useState } from 'react';

export function NicknameGreeting() {
  // Every hook at the top, before any condition: the same three calls on every render.
  const [name, setName] = useState('');
  const [hasNickname, setHasNickname] = useState(false);
  const [nickname, setNickname] = useState('');

  const shownName = (hasNickname && nickname) || name || 'stranger';

  return (
    <div className="demo-stack">
      <label>
        Name <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        <input type="checkbox" checked={hasNickname} onChange={(event) => setHasNickname(event.target.checked)} /> I
        have a nickname
      </label>
      {hasNickname && (
        <label>
          Nickname <input value={nickname} onChange={(event) => setNickname(event.target.value)} />
        </label>
      )}
      <p className="demo-value">Hello, {shownName}!</p>
    </div>
  );
}
