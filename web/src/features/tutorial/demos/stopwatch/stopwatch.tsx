import { useEffect, useState } from 'react';
import { formatElapsed } from './elapsed';

export function Stopwatch() {
  const [seconds, setSeconds] = useState(0);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    if (!running) return;
    // The updater form reads the latest value, so the effect needs no `seconds`.
    const id = setInterval(() => setSeconds((s) => s + 1), 1000);
    // Cleanup: runs when `running` changes and when the component goes away.
    return () => clearInterval(id);
  }, [running]);

  return (
    <div className="demo-stack">
      <p className="demo-value" role="timer">
        Elapsed: {formatElapsed(seconds)}
      </p>
      <div className="demo-row">
        <button type="button" className="demo-button" onClick={() => setRunning(!running)}>
          {running ? 'Pause' : 'Start'}
        </button>
        <button
          type="button"
          className="demo-button demo-button--secondary"
          onClick={() => {
            setRunning(false);
            setSeconds(0);
          }}
        >
          Reset
        </button>
      </div>
    </div>
  );
}
