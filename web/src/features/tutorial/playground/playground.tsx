import { useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { dataGeneration, StudentContext } from '../../../shared/lib/student-data';
import { placeholderApiUrl } from '../config';
import type { HighlightedSource } from '../components/code-block';
import { LiveDemo } from '../components/live-demo';
import { useLessonSetting } from '../progress/lesson-context';
import { subscribeToProgress } from '../progress/progress-events';
import type { SaveStatus } from '../progress/progress-sync';
import { readEdits } from '../progress/saved-edits';
import { ChallengePanel, type ChallengeKit, type ChallengeSetup, type CheckState } from './challenge-panel';
import { CodeEditor } from './code-editor';
import { ConsolePanel, type ConsoleEntry } from './console-panel';
import { OtherVersions } from './other-versions';
import { SANDBOX_LIMITS, type CompiledFile, type HostModules, type Program, type ProblemReport } from './protocol';
import { Sandbox } from './sandbox-client';
import { sourceText } from './source-text';
import { useFocusMode } from './focus-mode';
import { compileFile, CompileError, hash } from './transform';
import './playground.css';

/** Typing pauses this long before the result updates. */
const RUN_DELAY_MS = 60;
/** A problem is read out by screen readers once it has stayed this long (not at every keystroke). */
const ANNOUNCE_DELAY_MS = 1500;
/** The console keeps this many lines, newest last: a flood of them must not freeze the page. */
const MAX_CONSOLE_ENTRIES = SANDBOX_LIMITS.consoleLines;
const NAVIGATED_AWAY_REASON =
  'Your code navigated away from the result (with location.reload() or a change to location, say), so the checks were stopped.';

/** The page's own modules that demos import (`../../config`), by their path in the tutorial folder. */
const HOST_MODULES: HostModules = { config: { placeholderApiUrl } };

export interface EditorFile {
  readonly name: string;
  readonly path: string;
  readonly original: string;
  readonly code: string;
}

interface Problem extends ProblemReport {
  readonly kind: 'syntax' | 'runtime' | 'did-not-finish' | 'unavailable';
}

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

const originalHash = (code: string) => hash(code).toString(36);

function initialFiles(sources: readonly HighlightedSource[], storageKey: string) {
  const saved = readEdits(storageKey);
  const stale: string[] = [];
  const files = sources.map((source): EditorFile => {
    const original = sourceText(source.html);
    const edit = saved?.files[source.file];
    if (edit && edit.base !== originalHash(original)) stale.push(source.file);
    return { name: source.file, path: source.path, original, code: edit?.code ?? original };
  });
  return { files, stale };
}

/** The quiet word on the student's edits and their account while all is well. */
function accountProgress(status: SaveStatus | undefined): string {
  if (status === undefined || status === 'saved') return 'Saved';
  return status === 'saving' ? 'Saving…' : '';
}

/** Why the student's edits did not reach their account, to be read out. */
function accountProblem(status: SaveStatus | undefined): string {
  if (status === 'retrying') return 'Not saved: retrying';
  if (status === 'signed-out') return 'Not saved to your account: you are no longer signed in here. Sign in again to keep these edits.';
  return typeof status === 'object' ? status.problem : '';
}

const describe = (problem: Problem) => {
  const column = problem.kind === 'syntax' && problem.column ? `, column ${problem.column}` : '';
  const where = problem.file ? ` (${problem.file}${problem.line ? `, line ${problem.line}${column}` : ''})` : '';
  const heading = { syntax: 'Syntax error', runtime: 'Error', 'did-not-finish': 'Stopped', unavailable: 'Cannot run' }[problem.kind];
  return `${heading}${where}: ${problem.message}`;
};

/**
 * A demo opened for editing: one editor tab per file, the result running in
 * a sandbox beside it, updated as the student types, with errors, console
 * output and (for a challenge) checks. Edits are kept in this browser and,
 * for a signed-in student, in their account.
 */
export default function Playground({ name, storageKey, sources, autoFocus, challenge }: PlaygroundProps) {
  const ids = useId();
  const helpId = `${ids}-help`;
  const [{ files, stale }, setState] = useState(() => initialFiles(sources, storageKey));
  const [active, setActive] = useState(0);
  const [switchedTabs, setSwitchedTabs] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  const [announced, setAnnounced] = useState('');
  const [consoleEntries, setConsoleEntries] = useState<ConsoleEntry[]>([]);
  const [height, setHeight] = useState<number>();
  /** The code navigated its result frame away until the frame was stopped; the next run starts a fresh one. */
  const [navigatedAway, setNavigatedAway] = useState(false);
  const [beforeReset, setBeforeReset] = useState<readonly EditorFile[]>();
  const [saveFailed, setSaveFailed] = useState(false);
  const [checkState, setCheckState] = useState<CheckState>({ status: 'idle' });
  /** The student's own code while the solution is shown. */
  const [attempt, setAttempt] = useState<readonly EditorFile[]>();
  const frameHost = useRef<HTMLDivElement>(null);
  const resetButton = useRef<HTMLButtonElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const sandbox = useRef<Sandbox | null>(null);
  const lastRun = useRef(0);
  /** The run the result shows: a syntax error since leaves it running, and its console lines welcome. */
  const runShown = useRef(0);
  const lastCheck = useRef(0);
  // The latest files and whether they await saving, for work that outlives a render.
  const latest = useRef({ files, unsaved: false, showingSolution: false });
  useLayoutEffect(() => {
    latest.current.files = files;
    latest.current.showingSolution = attempt !== undefined;
  }, [files, attempt]);

  const compile = useCallback((current: readonly EditorFile[]): CompiledFile[] | undefined => {
    try {
      return current.map(({ path, code }) => compileFile({ path, code }));
    } catch (error) {
      if (!(error instanceof CompileError)) throw error;
      // A result still on its way belongs to code older than this error.
      lastRun.current = 0;
      setProblem({ kind: 'syntax', message: error.message, file: error.file, line: error.line, column: error.column });
      return undefined;
    }
  }, []);

  const program = useCallback(
    (current: readonly EditorFile[]): Program | undefined => {
      const compiled = compile(current);
      return compiled && { files: compiled, entry: current[0]!.path, hostModules: HOST_MODULES };
    },
    [compile],
  );

  const run = useCallback(
    (current: readonly EditorFile[]) => {
      const next = program(current);
      if (!next || !sandbox.current) return;
      setConsoleEntries([]);
      setNavigatedAway(false);
      lastRun.current = runShown.current = sandbox.current.run(next);
    },
    [program],
  );

  useEffect(() => {
    const instance = new Sandbox(frameHost.current!, `Result: ${name}`, {
      rendered: (id) => {
        if (id === lastRun.current) setProblem(undefined);
      },
      problem: (report, id) => {
        if (id === undefined || id === lastRun.current) setProblem({ ...report, kind: 'runtime' });
      },
      console: (entries, id) => {
        // Lines of code replaced since, still on their way when its run was sent, are not this code's.
        if (id !== undefined && id !== runShown.current) return;
        setConsoleEntries((shown) => [...shown, ...entries].slice(-MAX_CONSOLE_ENTRIES));
      },
      height: setHeight,
      checked: (id, results) => {
        if (id === lastCheck.current) setCheckState({ status: 'done', results });
      },
      didNotFinish: () => {
        setProblem({
          kind: 'did-not-finish',
          message: 'Your code did not finish (is there a loop that never ends?), so it was stopped. Change the code to run it again.',
        });
        setCheckState((state) =>
          state.status === 'checking'
            ? { status: 'done', results: [{ title: 'Your code finishes', passed: false, reason: 'A loop in your code never ended, so the checks were stopped.' }] }
            : state,
        );
      },
      unavailable: (message) => setProblem({ kind: 'unavailable', message }),
      navigatedAway: () => {
        setNavigatedAway(true);
        // The frame is gone: its last height no longer holds the space open.
        setHeight(undefined);
        setCheckState((state) =>
          state.status === 'checking'
            ? {
                status: 'done',
                results: [{ title: 'Your code stays on its page', passed: false, reason: NAVIGATED_AWAY_REASON }],
              }
            : state,
        );
      },
    });
    sandbox.current = instance;
    return () => {
      instance.dispose();
      sandbox.current = null;
    };
  }, [name]);

  // Read a problem out once it has stayed a moment, not at every keystroke while the student types.
  useEffect(() => {
    const text = problem ? describe(problem) : '';
    const timer = setTimeout(() => setAnnounced(text), text ? ANNOUNCE_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [problem]);

  const { lesson, progress } = useLessonSetting();
  const { markPassed, saveDemoEdits, saveStatus, subscribeToSaveStatus } = progress;
  const signedIn = Boolean(useContext(StudentContext));
  const accountStatus = useSyncExternalStore(subscribeToSaveStatus, () => saveStatus(storageKey), () => undefined);
  // Work begun before a logout is not saved after it: the next person starts clean.
  const generation = useRef(dataGeneration());
  // Each file's code as this editor last read or saved it. Only files the student changed since
  // are saved: a newer version that reached this browser meanwhile (from the account, or another
  // tab) is not overwritten by a file the student did not touch here.
  const known = useRef<Record<string, string>>(Object.fromEntries(files.map((file) => [file.name, file.code])));
  const save = useCallback(
    (current: readonly EditorFile[]) => {
      latest.current.unsaved = false;
      if (dataGeneration() !== generation.current) return;
      const changes = current
        .filter((file) => file.code !== known.current[file.name])
        .map((file) => ({ name: file.name, code: file.code === file.original ? null : file.code, base: originalHash(file.original) }));
      for (const file of current) known.current[file.name] = file.code;
      if (changes.length > 0) setSaveFailed(!saveDemoEdits(storageKey, lesson, changes));
    },
    [storageKey, lesson, saveDemoEdits],
  );

  // Run once the sandbox exists, unless the saved edits predate a change to the lesson (the student chooses then).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Starting the sandbox's first run is the point of this effect (it clears the console too).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (stale.length === 0) run(files);
  }, [run, stale.length, files]);

  // Debounced: each change restarts the timer; the result and the saved copy follow the pause.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      // An edit made just before the editor closes is still kept.
      if (latest.current.unsaved && !latest.current.showingSolution) save(latest.current.files);
    },
    [save],
  );

  const change = useCallback(
    (next: readonly EditorFile[], { now = false, keep = true } = {}) => {
      setState({ files: [...next], stale: [] });
      setBeforeReset(undefined);
      clearTimeout(timer.current);
      // While the solution is shown, the student's own attempt stays what is saved.
      const saving = keep && !latest.current.showingSolution;
      latest.current.unsaved = saving;
      const apply = () => {
        if (saving) save(next);
        run(next);
      };
      if (now) apply();
      else timer.current = setTimeout(apply, RUN_DELAY_MS);
    },
    [run, save],
  );

  const focusEditor = () => document.getElementById(`${ids}-panel`)?.querySelector('textarea')?.focus();
  const edit = (index: number, code: string) => change(files.map((file, i) => (i === index ? { ...file, code } : file)));
  const runNow = () => change(files, { now: true });

  const reset = () => {
    const previous = files;
    change(
      files.map((file) => ({ ...file, code: file.original })),
      { now: true },
    );
    setBeforeReset(previous);
    // Reset is disabled now: keep the keyboard where the way back is.
    requestAnimationFrame(() => undoButton.current?.focus());
  };

  const undoReset = () => {
    if (!beforeReset) return;
    change(beforeReset, { now: true });
    requestAnimationFrame(() => resetButton.current?.focus());
  };

  const runMine = () => {
    runNow();
    requestAnimationFrame(focusEditor);
  };

  const takeUpdated = () => {
    const previous = files;
    change(
      files.map((file) => (stale.includes(file.name) ? { ...file, code: file.original } : file)),
      { now: true },
    );
    setBeforeReset(previous);
    requestAnimationFrame(focusEditor);
  };

  /** The challenge's checks and solution; undefined (and said so) when they cannot be loaded. */
  const loadKit = async (): Promise<ChallengeKit | undefined> => {
    try {
      return await challenge?.load();
    } catch {
      setCheckState({ status: 'unavailable' });
      return undefined;
    }
  };

  // The code a check ran on, unless it was the solution shown: a pass counts for the student's own code.
  const checked = useRef<readonly EditorFile[]>(undefined);
  const check = async () => {
    if (!challenge || checkState.status === 'checking') return;
    setCheckState({ status: 'checking' });
    const kit = await loadKit();
    // The student may have typed, or closed the editor, while the checks loaded.
    const box = sandbox.current;
    if (!kit || !box) return;
    const next = program(latest.current.files);
    if (!next) {
      setCheckState({ status: 'done', results: [{ title: 'Your code compiles', passed: false, reason: 'Fix the syntax error shown above first.' }] });
      return;
    }
    checked.current = latest.current.showingSolution ? undefined : latest.current.files;
    setNavigatedAway(false);
    lastCheck.current = box.check(next, compileFile(kit.checks));
  };

  // Recorded once per check, with the code that was checked (not what the student typed since).
  const challengeId = challenge?.id;
  useEffect(() => {
    if (!challengeId || checkState.status !== 'done' || !checkState.results.every((result) => result.passed)) return;
    if (checked.current) markPassed(challengeId, checked.current);
    checked.current = undefined;
  }, [challengeId, checkState, markPassed]);

  // A newer version of a file that reached this browser while the editor is open (the account's,
  // read as the lesson opened, or another tab's) comes into the editor, unless the student has
  // typed in that file since it was last saved.
  useEffect(() => {
    const takeNewer = () => {
      if (latest.current.showingSolution) return;
      const saved = readEdits(storageKey)?.files ?? {};
      let changed = false;
      const next = latest.current.files.map((file) => {
        const stored = saved[file.name]?.code ?? file.original;
        const last = known.current[file.name];
        if (stored === last || file.code !== last) return file;
        known.current[file.name] = stored;
        changed = true;
        return { ...file, code: stored };
      });
      if (changed) change(next, { now: true, keep: false });
    };
    // A version that arrived between this editor's first render and now counts too.
    takeNewer();
    return subscribeToProgress(takeNewer);
  }, [storageKey, change]);

  const showSolution = async () => {
    const kit = await loadKit();
    if (!kit) return;
    const mine = latest.current.files;
    setAttempt(mine);
    latest.current.showingSolution = true;
    change(
      mine.map((file) => ({ ...file, code: kit.solution[file.name] ?? file.code })),
      { now: true, keep: false },
    );
  };

  const showAttempt = () => {
    if (!attempt) return;
    latest.current.showingSolution = false;
    setAttempt(undefined);
    change(attempt, { now: true });
  };

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
  const edited = useMemo(() => files.some((file) => file.code !== file.original), [files]);
  const current = files[active] ?? files[0]!;
  const problemLine = problem?.file === current.name ? problem.line : undefined;

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
              <button type="button" className="demo-button" onClick={runMine}>
                Run my version
              </button>
              <button type="button" className="demo-button demo-button--secondary" onClick={takeUpdated}>
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
                onChange={(code) => edit(active, code)}
                onRun={runNow}
                onToggleFocus={toggleFocusInPlace}
              />
            </div>
            <div className="playground__actions">
              <button type="button" className="demo-button" onClick={runNow}>
                Run
              </button>
              <button ref={resetButton} type="button" className="demo-button demo-button--secondary" onClick={reset} disabled={!edited}>
                Reset
              </button>
              {beforeReset && (
                <button ref={undoButton} type="button" className="demo-button demo-button--secondary" onClick={undoReset}>
                  Undo reset
                </button>
              )}
              <p className="playground__status">
                {/* "Saving…" and "Saved" come and go at every pause in typing: shown, not read out. */}
                <span aria-live="polite">
                  {beforeReset
                    ? 'The original code is back. Undo reset returns your version.'
                    : attempt
                      ? 'Showing the solution: your own code is kept, and Back to my code returns it.'
                      : saveFailed
                        ? 'Not saved: this browser would not store your edits.'
                        : signedIn && (accountStatus || edited)
                          ? accountProblem(accountStatus)
                          : edited
                            ? 'Your edits are saved in this browser.'
                            : ''}
                </span>
                {!beforeReset && !attempt && !saveFailed && signedIn && (accountStatus || edited) ? accountProgress(accountStatus) : ''}
              </p>
            </div>
          </div>
          <div className="playground__output">
            {problem && (
              <p className="playground__problem demo-error" role={problem.kind === 'did-not-finish' ? 'alert' : undefined}>
                {describe(problem)}
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
            <ConsolePanel name={name} entries={consoleEntries} onClear={() => setConsoleEntries([])} />
            {challenge && (
              <ChallengePanel
                name={name}
                state={checkState}
                showingSolution={attempt !== undefined}
                onCheck={() => void check()}
                onShowSolution={() => void showSolution()}
                onShowAttempt={showAttempt}
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
