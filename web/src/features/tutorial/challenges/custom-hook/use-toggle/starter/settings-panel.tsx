import { useToggle } from './use-toggle';

export function SettingsPanel() {
  const [showDetails, toggleDetails] = useToggle(false);
  const [sound, toggleSound] = useToggle(true);

  return (
    <div className="demo-stack">
      <div className="demo-card">
        <p>Open day: Saturday, 10:00 to 16:00.</p>
        <button type="button" className="demo-button" onClick={toggleDetails}>
          {showDetails ? 'Hide details' : 'Show details'}
        </button>
        {showDetails && <p>Tours of the labs leave the main entrance every half hour.</p>}
      </div>
      <button type="button" className="demo-button" aria-pressed={sound} onClick={toggleSound}>
        Sound: {sound ? 'on' : 'off'}
      </button>
    </div>
  );
}
