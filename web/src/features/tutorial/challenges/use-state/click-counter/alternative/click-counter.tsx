import { useState } from 'react';

// Another correct answer: an updater function, and the label worked out first.
export function ClickCounter() {
  const [clicks, setClicks] = useState(0);
  const label = clicks === 1 ? 'Clicked 1 time' : `Clicked ${clicks} times`;
  return (
    <button type="button" className="demo-button" onClick={() => setClicks((c) => c + 1)}>
      {label}
    </button>
  );
}
