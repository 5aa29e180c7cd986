import { useState } from 'react';

export function Counter() {
  const [count, setCount] = useState(0);

  return (
    <div className="demo-stack">
      <p aria-live="polite" className="demo-value">
        Count: {count}
      </p>
      <div className="demo-row">
        <button type="button" className="demo-button" onClick={() => setCount((c) => c + 1)}>
          Increment
        </button>
        <button type="button" className="demo-button" onClick={() => setCount((c) => c - 1)}>
          Decrement
        </button>
        <button type="button" className="demo-button demo-button--secondary" onClick={() => setCount(0)}>
          Reset
        </button>
      </div>
    </div>
  );
}
