import { useEffect, useState } from 'react';

export function KeyCounter() {
  const [count, setCount] = useState(0);
  const [listening, setListening] = useState(true);

  useEffect(() => {
    if (!listening) return;
    function handleKeyDown() {
      setCount((c) => c + 1);
    }
    window.addEventListener('keydown', handleKeyDown);
  }, [listening]);

  return (
    <div className="demo-stack">
      <label>
        <input type="checkbox" checked={listening} onChange={(event) => setListening(event.target.checked)} /> Count
        key presses
      </label>
      <p className="demo-value">Keys pressed: {count}</p>
    </div>
  );
}
