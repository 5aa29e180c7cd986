import type { ConsoleLevel } from './protocol';

export interface ConsoleEntry {
  readonly level: ConsoleLevel;
  readonly text: string;
}

/** What the demo's code printed with console.log and friends, newest last. */
export function ConsolePanel({ name, entries, onClear }: { name: string; entries: readonly ConsoleEntry[]; onClear(): void }) {
  return (
    <section className="playground__console" aria-label={`Console: ${name}`}>
      <div className="playground__console-bar">
        {/* Not a heading: the region is named already, and it may sit under a challenge's own heading. */}
        <p className="playground__console-title" aria-hidden="true">
          Console
        </p>
        <button type="button" className="playground__small-button" onClick={onClear} disabled={entries.length === 0}>
          Clear
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="playground__console-empty">Nothing logged yet. Use console.log in the code to print here.</p>
      ) : (
        <ol className="playground__console-list">
          {entries.map((entry, index) => (
            <li key={index} className={`playground__console-entry playground__console-entry--${entry.level}`}>
              {entry.level === 'error' || entry.level === 'warn' ? <span className="playground__console-level">{entry.level}: </span> : null}
              {entry.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
