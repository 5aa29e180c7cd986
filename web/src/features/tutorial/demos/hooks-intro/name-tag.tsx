import { useState } from 'react';

export function NameTag() {
  // A hook call: at the top level of the component, never inside an if or a loop.
  const [name, setName] = useState('');

  return (
    <div className="demo-stack">
      <label htmlFor="name-tag-input">Your name</label>
      <input id="name-tag-input" value={name} onChange={(event) => setName(event.target.value)} />
      <p aria-live="polite">Hello, {name.trim() || 'stranger'}!</p>
    </div>
  );
}
