import { useEffect, useState } from 'react';

// Another correct answer: the listener goes on the document, and an AbortController
// removes it; aborting the signal in the cleanup takes the listener off again.
export function KeyCounter() {
  const [count, setCount] = useState(0);
  const [listening, setListening] = useState(true);

  useEffect(() => {
    if (!listening) return undefined;
    const controller = new AbortController();
    document.addEventListener('keydown', () => setCount((c) => c + 1), { signal: controller.signal });
    return () => controller.abort();
  }, [listening]);

  return (
    <div className="demo-stack">
      <label>
        <input type="checkbox" checked={listening} onChange={() => setListening(!listening)} /> Count key presses
      </label>
      <p className="demo-value">Keys pressed: {count}</p>
    </div>
  );
}
