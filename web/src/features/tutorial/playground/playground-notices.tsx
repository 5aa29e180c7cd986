import { useEffect, useState } from 'react';
import { describeProblem, type Problem } from './notice-text';

/** A problem is read out by screen readers once it has stayed this long (not at every keystroke). */
const ANNOUNCE_DELAY_MS = 1500;

/** The problem to read out: the latest one once it has stayed a moment; none at once when it is gone. */
export function useAnnouncedProblem(problem: Problem | undefined): string {
  const [announced, setAnnounced] = useState('');
  useEffect(
    function announceProblemOnceItStays() {
      const text = problem ? describeProblem(problem) : '';
      const timer = setTimeout(() => setAnnounced(text), text ? ANNOUNCE_DELAY_MS : 0);
      return () => clearTimeout(timer);
    },
    [problem],
  );
  return announced;
}

/**
 * Above the result: the problem, shown as it happens, and read out once it stays. Code that did
 * not finish is an alert, read out at once, so the quiet announcement leaves it out.
 */
export function ProblemNotice({ problem, announced }: { problem: Problem | undefined; announced: string }) {
  return (
    <>
      {problem && (
        <p className="playground__problem demo-error" role={problem.kind === 'did-not-finish' ? 'alert' : undefined}>
          {describeProblem(problem)}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {problem?.kind === 'did-not-finish' ? '' : announced}
      </p>
    </>
  );
}

/** In the result's place once the code navigated its frame away twice and the frame was stopped. */
export function NavigatedAwayNotice() {
  return (
    <div className="playground__stopped" role="alert">
      <p>Your code navigated away from the result, so it was stopped before it could reload for ever.</p>
      <p>
        Code such as <code>location.reload()</code>, a change to <code>location</code> or a meta refresh leaves the
        page the result runs in. Change the code and press Run (or Reset) to start it again.
      </p>
    </div>
  );
}

interface StaleEditsNoticeProps {
  /** The files edited on code the lesson has changed since. */
  readonly stale: readonly string[];
  /** The element holding the editor, which takes the keyboard after either choice. */
  readonly editorPanelId: string;
  onRunMine(): void;
  onTakeUpdated(): void;
}

/** Edits made on older code of the lesson do not run by themselves: the student chooses. */
export function StaleEditsNotice({ stale, editorPanelId, onRunMine, onTakeUpdated }: StaleEditsNoticeProps) {
  if (stale.length === 0) return null;
  const thenFocusEditor = (choice: () => void) => () => {
    choice();
    requestAnimationFrame(() => document.getElementById(editorPanelId)?.querySelector('textarea')?.focus());
  };
  return (
    <div className="playground__notice" role="status">
      <p>
        This lesson's code has changed since you edited {stale.join(' and ')}. Your version is in the editor and has
        not been run.
      </p>
      <div className="playground__actions">
        <button type="button" className="demo-button" onClick={thenFocusEditor(onRunMine)}>
          Run my version
        </button>
        <button type="button" className="demo-button demo-button--secondary" onClick={thenFocusEditor(onTakeUpdated)}>
          Use the updated code
        </button>
      </div>
    </div>
  );
}
