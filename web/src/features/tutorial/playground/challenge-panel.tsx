import type { CheckResult } from './protocol';
import type { SourceFile } from './transform';

/** What the playground needs to check a challenge. */
export interface ChallengeSetup {
  /** Unique among all challenges, e.g. `use-state/count-by-five`. */
  readonly id: string;
  /** The checks and the solution, loaded only when asked for (they are not part of the lesson's chunk). */
  load(): Promise<ChallengeKit>;
}

export interface ChallengeKit {
  readonly checks: SourceFile;
  /** The solution's code, by file name. */
  readonly solution: Readonly<Record<string, string>>;
}

export type CheckState =
  | { readonly status: 'idle' | 'checking' | 'unavailable' }
  | { readonly status: 'done'; readonly results: readonly CheckResult[] };

interface ChallengePanelProps {
  /** The challenge's name, which labels the panel. */
  readonly name: string;
  readonly state: CheckState;
  readonly showingSolution: boolean;
  onCheck(): void;
  onShowSolution(): void;
  onShowAttempt(): void;
}

function summary(results: readonly CheckResult[]): string {
  const passed = results.filter((result) => result.passed).length;
  if (passed === results.length) return `All ${results.length} checks pass. Well done!`;
  return `${passed} of ${results.length} checks pass. Keep going: the reasons are below.`;
}

/** The Check button, the result of each check, and the way to the solution and back. */
export function ChallengePanel({ name, state, showingSolution, onCheck, onShowSolution, onShowAttempt }: ChallengePanelProps) {
  return (
    <section className="challenge-panel" aria-label={`Checks: ${name}`}>
      <div className="playground__actions">
        {/* aria-disabled, not disabled: the button keeps the keyboard focus while the checks run. */}
        <button type="button" className="demo-button" onClick={onCheck} aria-disabled={state.status === 'checking'}>
          Check
        </button>
        {showingSolution ? (
          <button type="button" className="demo-button demo-button--secondary" onClick={onShowAttempt}>
            Back to my code
          </button>
        ) : (
          <button type="button" className="demo-button demo-button--secondary" onClick={onShowSolution}>
            Show solution
          </button>
        )}
      </div>
      <div aria-live="polite">
        {state.status === 'checking' && <p>Checking…</p>}
        {state.status === 'unavailable' && (
          <p className="demo-error">The checks could not be loaded. Check your connection and try again.</p>
        )}
        {state.status === 'done' && <p className="challenge-panel__summary">{summary(state.results)}</p>}
      </div>
      {state.status === 'done' && (
        <ul className="challenge-panel__results">
          {state.results.map((result) => (
            <li key={result.title} className={result.passed ? 'check check--passed' : 'check check--failed'}>
              <span aria-hidden="true">{result.passed ? '✓' : '✗'} </span>
              <span className="visually-hidden">{result.passed ? 'Passed: ' : 'Not yet: '}</span>
              <strong>{result.title}</strong>
              {result.reason && <span className="check__reason"> {result.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
