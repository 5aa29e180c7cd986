import { useState } from 'react';

export function NicknameGreeting() {
  const [name, setName] = useState('');
  const [hasNickname, setHasNickname] = useState(false);

  if (!hasNickname) {
    return (
      <div className="demo-stack">
        <label>
          Name <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          <input type="checkbox" checked={hasNickname} onChange={(event) => setHasNickname(event.target.checked)} /> I
          have a nickname
        </label>
        <p className="demo-value">Hello, {name || 'stranger'}!</p>
      </div>
    );
  }

  // The nickname is only needed when the box is ticked, so the hook is only called then.
  const [nickname, setNickname] = useState('');

  return (
    <div className="demo-stack">
      <label>
        Name <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        <input type="checkbox" checked={hasNickname} onChange={(event) => setHasNickname(event.target.checked)} /> I
        have a nickname
      </label>
      <label>
        Nickname <input value={nickname} onChange={(event) => setNickname(event.target.value)} />
      </label>
      <p className="demo-value">Hello, {nickname || name || 'stranger'}!</p>
    </div>
  );
}
