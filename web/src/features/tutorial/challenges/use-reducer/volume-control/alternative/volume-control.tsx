import { useReducer } from 'react';

type VolumeAction = { type: 'louder' } | { type: 'quieter' } | { type: 'muted' };

const QUIETEST = 0;
const LOUDEST = 10;

// Another correct answer: work out the next volume first, then keep it in range in one place.
function volumeReducer(volume: number, action: VolumeAction): number {
  let next = volume;
  if (action.type === 'louder') next = volume + 1;
  else if (action.type === 'quieter') next = volume - 1;
  else if (action.type === 'muted') next = QUIETEST;
  if (next > LOUDEST) return LOUDEST;
  if (next < QUIETEST) return QUIETEST;
  return next;
}

export function VolumeControl() {
  const [volume, dispatch] = useReducer(volumeReducer, 5);

  return (
    <div className="demo-stack">
      <p aria-live="polite" className="demo-value">
        Volume: {volume}
      </p>
      <div className="demo-row">
        <button type="button" className="demo-button" onClick={() => dispatch({ type: 'quieter' })}>
          Quieter
        </button>
        <button type="button" className="demo-button" onClick={() => dispatch({ type: 'louder' })}>
          Louder
        </button>
        <button
          type="button"
          className="demo-button demo-button--secondary"
          onClick={() => dispatch({ type: 'muted' })}
        >
          Mute
        </button>
      </div>
    </div>
  );
}
