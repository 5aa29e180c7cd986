import { useState } from 'react';

export function Timer() {
  const [tenths, setTenths] = useState(0);
  let intervalId: number | undefined;

  function start() {
    intervalId = window.setInterval(() => setTenths((t) => t + 1), 100);
  }

  function stop() {
    window.clearInterval(intervalId);
  }

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
