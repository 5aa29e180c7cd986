import { useEffect, useId, useRef, useState } from 'react';
import type { HighlightedSource } from '../components/code-block';
import { LiveDemo } from '../components/live-demo';
import { ChallengePanel, type ChallengeSetup } from './challenge-panel';
import { CodeEditor } from './code-editor';
import { ConsolePanel } from './console-panel';
import { useFocusMode } from './focus-mode';
import { describeProblem, saveNotice } from './notice-text';
import { OtherVersions } from './other-versions';
import { useChallengeChecks, useCheckState } from './use-challenge-checks';
import { useEditorFiles } from './use-editor-files';
import { useSandbox } from './use-sandbox';
import './playground.css';

/** A problem is read out by screen readers once it has stayed this long (not at every keystroke). */
const ANNOUNCE_DELAY_MS = 1500;

export interface PlaygroundProps {
  /** The demo's name, as its live demo box is labelled. */
  readonly name: string;
  /** Where the student's edits are kept (in this browser, and in the account when signed in). */
  readonly storageKey: string;
  /** The demo's files, highlighted at build time; the first renders. */
  readonly sources: readonly HighlightedSource[];
  /** Put the cursor in the editor at once (the student asked for it). */
  readonly autoFocus: boolean;
  readonly challenge?: ChallengeSetup;
}

/**
 * A demo opened for editing: one editor tab per file, the result running in
 * a sandbox beside it, updated as the student types, with errors, console
 * output and (for a challenge) checks. Edits are kept in this browser and,
 * for a signed-in student, in their account.
 */
export default function Playground({ name, storageKey, sources, autoFocus, challenge }: PlaygroundProps) {
  const ids = useId();
  const helpId = `${ids}-help`;
  // The order matters: the sandbox exists before the editor's first run, and reports to the checks.
  const checks = useCheckState();
  const sandbox = useSandbox(name, checks.reports);
  const { frameHost, problem, height, navigatedAway, consoleEntries, clearConsole } = sandbox;
  const [announced, setAnnounced] = useState('');
  useEffect(
    function announceProblemOnceItStays() {
      // Read a problem out once it has stayed a moment, not at every keystroke while the student types.
      const text = problem ? describeProblem(problem) : '';
      const timer = setTimeout(() => setAnnounced(text), text ? ANNOUNCE_DELAY_MS : 0);
      return () => clearTimeout(timer);
    },
    [problem],
  );
  const editor = useEditorFiles(storageKey, sources, sandbox.run);
  const { check, showSolution } = useChallengeChecks({ challenge, checks, sandbox, editor });
  const [active, setActive] = useState(0);
  // The editor takes the keyboard as it opens only until the student picks a tab themselves.
  const [switchedTabs, setSwitchedTabs] = useState(false);
  const resetButton = useRef<HTMLButtonElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const {
    region: focusRegion,
    button: focusButton,
    on: focusOn,
    placeholderHeight,
    announcement: focusAnnouncement,
    toggle: toggleFocus,
    toggleInPlace: toggleFocusInPlace,
    onKeyDown: onFocusKeys,
    wrapFocus,
  } = useFocusMode();
  const { files, stale, beforeReset, showingSolution, edited } = editor;
  const focusEditor = () => document.getElementById(`${ids}-panel`)?.querySelector('textarea')?.focus();
  const current = files[active] ?? files[0]!;
  const problemLine = problem?.file === current.name ? problem.line : undefined;
  const notice = saveNotice({
    resetUndoable: beforeReset !== undefined,
    showingSolution,
    saveFailed: editor.saveFailed,
    signedIn: editor.signedIn,
    accountStatus: editor.accountStatus,
    edited,
  });

  return (
    <>
      {/* While the demo fills the window, its place in the lesson stays as it was. */}
      {placeholderHeight !== undefined && (
        <div className="playground__placeholder" style={{ height: `${placeholderHeight}px` }} />
      )}
      <div
        ref={focusRegion}
        className={focusOn ? 'playground playground--focus' : 'playground'}
        onKeyDown={onFocusKeys}
        {...(focusOn ? { role: 'dialog', 'aria-modal': true, 'aria-label': `Focus mode: ${name}` } : {})}
      >
        {focusOn && <span className="playground__trap" tabIndex={0} data-focus-trap="start" onFocus={() => wrapFocus(false)} />}
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
            onClick={toggleFocus}
          >
            {focusOn ? 'Leave focus' : 'Focus'}
          </button>
        </div>
        {stale.length > 0 && (
          <div className="playground__notice" role="status">
            <p>
              This lesson's code has changed since you edited {stale.join(' and ')}. Your version is in the editor and has
              not been run.
            </p>
            <div className="playground__actions">
              <button type="button" className="demo-button" onClick={() => {
                  editor.runNow();
                  requestAnimationFrame(focusEditor);
                }}>
                Run my version
              </button>
              <button type="button" className="demo-button demo-button--secondary" onClick={() => {
                  editor.takeUpdated();
                  requestAnimationFrame(focusEditor);
                }}>
                Use the updated code
              </button>
            </div>
          </div>
        )}
        <OtherVersions storageKey={storageKey} />
        {/* From 64rem wide, code on the left and the result on the right, each scrolling inside itself. */}
        <div className="playground__panes">
          <div className="playground__code">
            {files.length > 1 && (
              <div className="playground__tabs" role="tablist" aria-label={`Files of ${name}`}>
                {files.map((file, index) => (
                  <button
                    key={file.name}
                    type="button"
                    role="tab"
                    id={`${ids}-tab-${index}`}
                    aria-selected={index === active}
                    aria-controls={`${ids}-panel`}
                    tabIndex={index === active ? 0 : -1}
                    className="playground__tab"
                    onClick={() => {
                      setSwitchedTabs(true);
                      setActive(index);
                    }}
                    onKeyDown={(event) => {
                      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                      if (step === 0) return;
                      const next = (index + step + files.length) % files.length;
                      setSwitchedTabs(true);
                      setActive(next);
                      document.getElementById(`${ids}-tab-${next}`)?.focus();
                    }}
                  >
                    {file.name}
                    {file.code !== file.original && <span className="playground__edited"> (edited)</span>}
                  </button>
                ))}
              </div>
            )}
            <div id={`${ids}-panel`} className="playground__panel" {...(files.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `${ids}-tab-${active}` } : {})}>
              <CodeEditor
                key={current.name}
                value={current.code}
                fileName={current.name}
                describedBy={helpId}
                problemLine={problemLine}
                autoFocus={autoFocus && !switchedTabs}
                onChange={(code) => editor.edit(active, code)}
                onRun={editor.runNow}
                onToggleFocus={toggleFocusInPlace}
              />
            </div>
            <div className="playground__actions">
              <button type="button" className="demo-button" onClick={editor.runNow}>
                Run
              </button>
              <button ref={resetButton} type="button" className="demo-button demo-button--secondary" onClick={() => {
                  editor.reset();
                  // Reset is disabled now: keep the keyboard where the way back is.
                  requestAnimationFrame(() => undoButton.current?.focus());
                }} disabled={!edited}>
                Reset
              </button>
              {beforeReset && (
                <button ref={undoButton} type="button" className="demo-button demo-button--secondary" onClick={() => {
                    editor.undoReset();
                    requestAnimationFrame(() => resetButton.current?.focus());
                  }}>
                  Undo reset
                </button>
              )}
              <p className="playground__status">
                {/* "Saving…" and "Saved" come and go at every pause in typing: shown, not read out. */}
                <span aria-live="polite">{notice.readOut}</span>
                {notice.shown}
              </p>
            </div>
          </div>
          <div className="playground__output">
            {problem && (
              <p className="playground__problem demo-error" role={problem.kind === 'did-not-finish' ? 'alert' : undefined}>
                {describeProblem(problem)}
              </p>
            )}
            <p className="visually-hidden" role="status">
              {problem?.kind === 'did-not-finish' ? '' : announced}
            </p>
            <LiveDemo name={name}>
              {navigatedAway && (
                <div className="playground__stopped" role="alert">
                  <p>Your code navigated away from the result, so it was stopped before it could reload for ever.</p>
                  <p>
                    Code such as <code>location.reload()</code>, a change to <code>location</code> or a meta refresh leaves the
                    page the result runs in. Change the code and press Run (or Reset) to start it again.
                  </p>
                </div>
              )}
              <div className="playground__result" ref={frameHost} style={height === undefined ? undefined : { height: `${height + 8}px` }} />
            </LiveDemo>
            <ConsolePanel name={name} entries={consoleEntries} onClear={clearConsole} />
            {challenge && (
              <ChallengePanel
                name={name}
                state={checks.state}
                showingSolution={showingSolution}
                onCheck={() => void check()}
                onShowSolution={() => void showSolution()}
                onShowAttempt={editor.showAttempt}
              />
            )}
          </div>
        </div>
        <p className="visually-hidden" role="status">
          {focusAnnouncement}
        </p>
        {focusOn && <span className="playground__trap" tabIndex={0} data-focus-trap="end" onFocus={() => wrapFocus(true)} />}
      </div>
    </>
  );
}
