import { useState } from 'react';

// Another correct answer: the nickname moves into a component of its own, which
// calls its hook at its top level. It is shown only when the box is ticked.
function NicknameField({ name }: { name: string }) {
  const [nickname, setNickname] = useState('');
  return (
    <>
      <label>
        Nickname <input value={nickname} onChange={(event) => setNickname(event.target.value)} />
      </label>
      <p className="demo-value">Hello, {nickname || name || 'stranger'}!</p>
    </>
  );
}

export function NicknameGreeting() {
  const [name, setName] = useState('');
  const [hasNickname, setHasNickname] = useState(false);

  return (
    <div className="demo-stack">
      <label>
        Name <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        <input type="checkbox" checked={hasNickname} onChange={(event) => setHasNickname(event.target.checked)} /> I
        have a nickname
      </label>
      {hasNickname ? <NicknameField name={name} /> : <p className="demo-value">Hello, {name || 'stranger'}!</p>}
    </div>
  );
}
