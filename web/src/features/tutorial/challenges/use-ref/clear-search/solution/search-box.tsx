import { useRef, useState } from 'react';

export function SearchBox() {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  function clear() {
    setQuery('');
    // The ref's current value is the input element; put the cursor back in it.
    inputRef.current?.focus();
  }

  return (
    <div className="demo-stack">
      <label>
        Search <input ref={inputRef} value={query} onChange={(event) => setQuery(event.target.value)} />
      </label>
      <button type="button" className="demo-button" onClick={clear}>
        Clear
      </button>
      <p>You searched for: {query}</p>
    </div>
  );
}
