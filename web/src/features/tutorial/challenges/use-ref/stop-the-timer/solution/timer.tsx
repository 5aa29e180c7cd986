import { useEffect, useRef, useState } from 'react';

export function Timer() {
  const [tenths, setTenths] = useState(0);
  // The interval id is not shown on the page, so a ref keeps it: it survives renders.
  const intervalRef = useRef<number | null>(null);

  function start() {
    if (intervalRef.current !== null) return; // already running
    intervalRef.current = window.setInterval(() => setTenths((t) => t + 1), 100);
  }

  function stop() {
    if (intervalRef.current !== null) window.clearInterval(intervalRef.current);
    intervalRef.current = null;
  }

  // Stop the interval, too, when the timer is removed from the page.
  useEffect(() => {
    return () => {
      if (intervalRef.current !== null) window.clearInterval(intervalRef.current);
    };
  }, []);

  return (
    <div className="demo-stack">
      <p className="demo-value">Time: {(tenths / 10).toFixed(1)} s</p>
      <div className="demo-row">
        <button type="button" className="demo-button" onClick={start}>
          Start
        </button>
        <button type="button" className="demo-button demo-button--secondary" onClick={stop}>
          Stop
        </button>
      </div>
    </div>
  );
}
