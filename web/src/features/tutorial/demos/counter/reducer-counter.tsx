import { useReducer } from 'react';
import { counterReducer } from './counter-reducer';

export function ReducerCounter() {
  const [count, dispatch] = useReducer(counterReducer, 0);

  return (
    <div className="demo-stack">
      <p aria-live="polite" className="demo-value">
        Count: {count}
      </p>
      <div className="demo-row">
        <button type="button" className="demo-button" onClick={() => dispatch({ type: 'incremented' })}>
          Increment
        </button>
        <button type="button" className="demo-button" onClick={() => dispatch({ type: 'decremented' })}>
          Decrement
        </button>
        <button
          type="button"
          className="demo-button demo-button--secondary"
          onClick={() => dispatch({ type: 'reset' })}
        >
          Reset
        </button>
      </div>
    </div>
  );
}
