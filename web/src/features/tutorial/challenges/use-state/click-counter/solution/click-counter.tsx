import { useState } from 'react';

export function ClickCounter() {
  const [count, setCount] = useState(0);

  return (
    <button type="button" className="demo-button" onClick={() => setCount(count + 1)}>
      Clicked {count} {count === 1 ? 'time' : 'times'}
    </button>
  );
}
