import { useReducer } from 'react';

type VolumeAction = { type: 'louder' } | { type: 'quieter' } | { type: 'muted' };

// The rules for changing the volume. So far it only knows about 'louder'.
function volumeReducer(volume: number, action: VolumeAction): number {
  switch (action.type) {
    case 'louder':
      return volume + 1;
    default:
      return volume;
  }
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
