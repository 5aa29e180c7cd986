import { useId } from 'react';
import type { HighlightedSource } from '../components/code-block';
import { LiveDemo } from '../components/live-demo';
import { ChallengePanel, type ChallengeSetup } from './challenge-panel';
import { CodeEditor } from './code-editor';
import { ConsolePanel } from './console-panel';
import { EditActions } from './edit-actions';
import { editorPanelId, FileTabs, useFileTabs } from './file-tabs';
import { useFocusMode } from './focus-mode';
import { saveNotice } from './notice-text';
import { OtherVersions } from './other-versions';
import { PlaygroundBar } from './playground-bar';
import { NavigatedAwayNotice, ProblemNotice, StaleEditsNotice, useAnnouncedProblem } from './playground-notices';
import { useChallengeChecks, useCheckState } from './use-challenge-checks';
import { useEditorFiles } from './use-editor-files';
import { useSandbox } from './use-sandbox';
import './playground.css';

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
  // The order matters: the check state is made before the sandbox, which reports into it, and the
  // sandbox's effect runs before the editor's first run.
  const checks = useCheckState();
  const sandbox = useSandbox(name, checks.reports);
  const { frameHost, problem, height, navigatedAway, consoleEntries, clearConsole } = sandbox;
  const announced = useAnnouncedProblem(problem);
  const editor = useEditorFiles(storageKey, sources, sandbox.run);
  const { check, showSolution } = useChallengeChecks({ challenge, checks, sandbox, editor });
  const tabs = useFileTabs();
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
  const { files, showingSolution } = editor;
  const current = files[tabs.active] ?? files[0]!;
  const problemLine = problem?.file === current.name ? problem.line : undefined;
  const notice = saveNotice({
    resetUndoable: editor.beforeReset !== undefined,
    showingSolution,
    saveFailed: editor.saveFailed,
    signedIn: editor.signedIn,
    accountStatus: editor.accountStatus,
    edited: editor.edited,
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
        <PlaygroundBar name={name} helpId={helpId} focusOn={focusOn} focusButton={focusButton} onToggleFocus={toggleFocus} />
        <StaleEditsNotice
          stale={editor.stale}
          editorPanelId={editorPanelId(ids)}
          onRunMine={editor.runNow}
          onTakeUpdated={editor.takeUpdated}
        />
        <OtherVersions storageKey={storageKey} />
        {/* From 64rem wide, code on the left and the result on the right, each scrolling inside itself. */}
        <div className="playground__panes">
          <div className="playground__code">
            <FileTabs idBase={ids} name={name} files={files} active={tabs.active} onSelect={tabs.select}>
              <CodeEditor
                key={current.name}
                value={current.code}
                fileName={current.name}
                describedBy={helpId}
                problemLine={problemLine}
                autoFocus={autoFocus && !tabs.switched}
                onChange={(code) => editor.edit(tabs.active, code)}
                onRun={editor.runNow}
                onToggleFocus={toggleFocusInPlace}
              />
            </FileTabs>
            <EditActions
              edited={editor.edited}
              canUndoReset={editor.beforeReset !== undefined}
              notice={notice}
              onRun={editor.runNow}
              onReset={editor.reset}
              onUndoReset={editor.undoReset}
            />
          </div>
          <div className="playground__output">
            <ProblemNotice problem={problem} announced={announced} />
            <LiveDemo name={name}>
              {navigatedAway && <NavigatedAwayNotice />}
              <div
                className="playground__result"
                ref={frameHost}
                style={height === undefined ? undefined : { height: `${height + 8}px` }}
              />
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
