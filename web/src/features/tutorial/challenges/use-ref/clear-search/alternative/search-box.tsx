import { useRef, useState } from 'react';

// Another correct answer: the input keeps its own value (it is uncontrolled),
// and the ref is used both to empty it and to focus it.
export function SearchBox() {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  function clear() {
    const input = inputRef.current;
    if (!input) return;
    input.value = '';
    input.focus();
    setQuery('');
  }

  return (
    <div className="demo-stack">
      <label>
        Search <input ref={inputRef} defaultValue="" onChange={(event) => setQuery(event.target.value)} />
      </label>
      <button type="button" className="demo-button" onClick={clear}>
        Clear
      </button>
      <p>You searched for: {query}</p>
    </div>
  );
}
