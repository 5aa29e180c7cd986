import { useState } from 'react';

export function SearchBox() {
  const [query, setQuery] = useState('');

  return (
    <div className="demo-stack">
      <label>
        Search <input value={query} onChange={(event) => setQuery(event.target.value)} />
      </label>
      <button type="button" className="demo-button" onClick={() => setQuery('')}>
        Clear
      </button>
      <p>You searched for: {query}</p>
    </div>
  );
}
