import { useRef } from 'react';
import type { SaveNotice } from './notice-text';

interface EditActionsProps {
  /** Some file differs from the lesson's code (Reset has something to do). */
  readonly edited: boolean;
  readonly canUndoReset: boolean;
  readonly notice: SaveNotice;
  onRun(): void;
  onReset(): void;
  onUndoReset(): void;
}

/** Under the code: Run, Reset and its undo, and where the student's edits stand. */
export function EditActions({ edited, canUndoReset, notice, onRun, onReset, onUndoReset }: EditActionsProps) {
  const resetButton = useRef<HTMLButtonElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const reset = () => {
    onReset();
    // Reset is disabled now: keep the keyboard where the way back is.
    requestAnimationFrame(() => undoButton.current?.focus());
  };
  const undoReset = () => {
    onUndoReset();
    requestAnimationFrame(() => resetButton.current?.focus());
  };
  return (
    <div className="playground__actions">
      <button type="button" className="demo-button" onClick={onRun}>
        Run
      </button>
      <button ref={resetButton} type="button" className="demo-button demo-button--secondary" onClick={reset} disabled={!edited}>
        Reset
      </button>
      {canUndoReset && (
        <button ref={undoButton} type="button" className="demo-button demo-button--secondary" onClick={undoReset}>
          Undo reset
        </button>
      )}
      <p className="playground__status">
        {/* "Saving…" and "Saved" come and go at every pause in typing: shown, not read out. */}
        <span aria-live="polite">{notice.readOut}</span>
        {notice.shown}
      </p>
    </div>
  );
}
