import { useId, type ReactNode } from 'react';
import { usePassed } from '../progress/lesson-progress';
import type { HighlightedSource } from './code-block';
import { EditableDemo } from './editable-demo';

interface ChallengeProps {
  /** `<lesson>/<folder>` under challenges/, e.g. `use-state/count-by-five`. */
  readonly id: string;
  readonly title: string;
  /** The starter files, highlighted at build time; the first one's component is checked. */
  readonly starter: readonly HighlightedSource[];
  readonly hint: ReactNode;
  /** The task, in plain words. */
  readonly children: ReactNode;
}

/**
 * A task at the end of a lesson: what to do, the starter code, a hint, and an
 * editor whose **Check** runs automatic checks against the student's
 * component. The checks and the solution load only when asked for.
 */
export function Challenge({ id, title, starter, hint, children }: ChallengeProps) {
  const headingId = useId();
  // Read from this browser's storage once hydrated; the prerendered page shows no pass.
  const passed = usePassed(id);

  return (
    <section className="challenge" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Challenge: {title}
        {passed && <span className="challenge__passed"> (passed)</span>}
      </h3>
      {children}
      <details className="challenge__hint">
        <summary>Hint</summary>
        {hint}
      </details>
      <EditableDemo
        name={`Challenge: ${title}`}
        sources={starter}
        storageKey={`challenge:${id}`}
        openLabel="Solve it in the editor"
        sourceLabel={(file) => `${title}, starter code: ${file}`}
        challenge={{ id, load: () => import('../challenges/load-kit').then(({ loadKit }) => loadKit(id)) }}
      />
    </section>
  );
}
