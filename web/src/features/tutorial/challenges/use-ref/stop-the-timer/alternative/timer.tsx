import { useEffect, useState } from 'react';

// Another correct answer, as in the useEffect lesson: keep whether the timer is
// running in state, and let an effect start the interval and its cleanup stop it.
export function Timer() {
  const [tenths, setTenths] = useState(0);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setTenths((t) => t + 1), 100);
    return () => clearInterval(id);
  }, [running]);

  return (
    <div className="demo-stack">
      <p className="demo-value">Time: {(tenths / 10).toFixed(1)} s</p>
      <div className="demo-row">
        <button type="button" className="demo-button" onClick={() => setRunning(true)}>
          Start
        </button>
        <button type="button" className="demo-button demo-button--secondary" onClick={() => setRunning(false)}>
          Stop
        </button>
      </div>
    </div>
  );
}
