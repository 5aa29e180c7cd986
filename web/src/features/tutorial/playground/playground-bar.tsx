import type { RefObject } from 'react';

interface PlaygroundBarProps {
  readonly name: string;
  /** The help text's id: the editor is described by it. */
  readonly helpId: string;
  readonly focusOn: boolean;
  readonly focusButton: RefObject<HTMLButtonElement | null>;
  onToggleFocus(): void;
}

/** Above the code: the keys the editor answers to, and the Focus button (with the demo's name in focus mode). */
export function PlaygroundBar({ name, helpId, focusOn, focusButton, onToggleFocus }: PlaygroundBarProps) {
  return (
    <div className="playground__bar">
      {focusOn && <p className="playground__title">{name}</p>}
      <p className="playground__help" id={helpId}>
        Edit the code and the result updates as you type. <kbd>Ctrl</kbd>+<kbd>Enter</kbd> runs it at once. In the
        editor, <kbd>Tab</kbd> indents; press <kbd>Esc</kbd> and then <kbd>Tab</kbd> to move on. The Focus button (
        <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Enter</kbd>) gives the demo the whole window; press it again, or{' '}
        <kbd>Esc</kbd> (twice in the code), to come back.
      </p>
      <button
        ref={focusButton}
        type="button"
        className="demo-button demo-button--secondary playground__focus-button"
        aria-keyshortcuts="Control+Shift+Enter"
        onClick={onToggleFocus}
      >
        {focusOn ? 'Leave focus' : 'Focus'}
      </button>
    </div>
  );
}
