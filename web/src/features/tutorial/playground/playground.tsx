import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { placeholderApiUrl } from '../config';
import type { HighlightedSource } from '../components/code-block';
import { LiveDemo } from '../components/live-demo';
import { ChallengePanel, type ChallengeSetup, type CheckState } from './challenge-panel';
import { markPassed } from './challenge-progress';
import { CodeEditor } from './code-editor';
import { ConsolePanel, type ConsoleEntry } from './console-panel';
import type { CompiledFile, HostModules, Program, ProblemReport } from './protocol';
import { forgetEdits, originalHash, readEdits, writeEdits } from './saved-edits';
import { Sandbox } from './sandbox-client';
import { sourceText } from './source-text';
import { compileFile, compileFiles, CompileError } from './transform';
import './playground.css';

/** Typing pauses this long before the result updates. */
const RUN_DELAY_MS = 60;
const MAX_CONSOLE_ENTRIES = 200;

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
  /** Where the student's edits are kept in this browser. */
  readonly storageKey: string;
  /** The demo's files, highlighted at build time; the first renders. */
  readonly sources: readonly HighlightedSource[];
  /** Put the cursor in the editor at once (the student asked for it). */
  readonly autoFocus: boolean;
  readonly challenge?: ChallengeSetup;
}

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

const describe = (problem: Problem) => {
  const where = problem.file ? ` (${problem.file}${problem.line ? `, line ${problem.line}${problem.column ? `, column ${problem.column}` : ''}` : ''})` : '';
  const heading = { syntax: 'Syntax error', runtime: 'Error', 'did-not-finish': 'Stopped', unavailable: 'Cannot run' }[problem.kind];
  return `${heading}${where}: ${problem.message}`;
};

/**
 * A demo opened for editing: one editor tab per file, the result running in
 * a sandbox beside it, updated as the student types, with errors, console
 * output and (for a challenge) checks. Edits are kept in this browser.
 */
export default function Playground({ name, storageKey, sources, autoFocus, challenge }: PlaygroundProps) {
  const ids = useId();
  const helpId = `${ids}-help`;
  const [{ files, stale }, setState] = useState(() => initialFiles(sources, storageKey));
  const [active, setActive] = useState(0);
  const [problem, setProblem] = useState<Problem>();
  const [consoleEntries, setConsoleEntries] = useState<ConsoleEntry[]>([]);
  const [height, setHeight] = useState<number>();
  const [beforeReset, setBeforeReset] = useState<readonly EditorFile[]>();
  const [saveFailed, setSaveFailed] = useState(false);
  const frameHost = useRef<HTMLDivElement>(null);
  const sandbox = useRef<Sandbox | null>(null);
  const lastRun = useRef(0);
  const lastCheck = useRef(0);
  const [checkState, setCheckState] = useState<CheckState>({ status: 'idle' });
  const [attempt, setAttempt] = useState<readonly EditorFile[]>();

  const compile = useCallback((current: readonly EditorFile[]): CompiledFile[] | undefined => {
    try {
      return compileFiles(current.map(({ path, code }) => ({ path, code })));
    } catch (error) {
      if (!(error instanceof CompileError)) throw error;
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
      lastRun.current = sandbox.current.run(next);
    },
    [program],
  );

  useEffect(() => {
    const instance = new Sandbox(frameHost.current!, `Result: ${name}`, {
      rendered: (id) => {
        if (id === lastRun.current) setProblem(undefined);
      },
      problem: (report, id) => {
        if (id === undefined || id === lastRun.current) setProblem({ kind: 'runtime', ...report });
      },
      console: (level, text) => setConsoleEntries((entries) => [...entries.slice(-(MAX_CONSOLE_ENTRIES - 1)), { level, text }]),
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
    });
    sandbox.current = instance;
    return () => {
      instance.dispose();
      sandbox.current = null;
    };
  }, [name]);

  // Run once the sandbox exists, unless the saved edits predate a change to the lesson.
  const firstFiles = useRef(files);
  useEffect(() => {
    if (stale.length === 0) run(firstFiles.current);
  }, [run, stale.length]);

  // Debounced: each change restarts the timer; the result and the saved copy follow the pause.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = useCallback(
    (current: readonly EditorFile[]) => {
      const edited = current.filter((file) => file.code !== file.original);
      if (edited.length === 0) {
        forgetEdits(storageKey);
        setSaveFailed(false);
        return;
      }
      const saved = writeEdits(storageKey, {
        files: Object.fromEntries(edited.map((file) => [file.name, { code: file.code, base: originalHash(file.original) }])),
        savedAt: Date.now(),
      });
      setSaveFailed(!saved);
    },
    [storageKey],
  );

  const change = useCallback(
    (next: readonly EditorFile[], { now = false } = {}) => {
      setState({ files: [...next], stale: [] });
      setBeforeReset(undefined);
      clearTimeout(timer.current);
      const apply = () => {
        save(next);
        run(next);
      };
      if (now) apply();
      else timer.current = setTimeout(apply, RUN_DELAY_MS);
    },
    [run, save],
  );

  const edit = (index: number, code: string) => change(files.map((file, i) => (i === index ? { ...file, code } : file)));
  const runNow = () => change(files, { now: true });

  const reset = () => {
    const previous = files;
    change(
      files.map((file) => ({ ...file, code: file.original })),
      { now: true },
    );
    setBeforeReset(previous);
  };

  const undoReset = () => {
    if (beforeReset) change(beforeReset, { now: true });
  };

  const keepMine = () => change(files, { now: true });
  const takeUpdated = () => {
    const previous = files;
    change(
      files.map((file) => (stale.includes(file.name) ? { ...file, code: file.original } : file)),
      { now: true },
    );
    setBeforeReset(previous);
  };

  const check = async () => {
    if (!challenge || !sandbox.current) return;
    setCheckState({ status: 'checking' });
    let kit: Awaited<ReturnType<ChallengeSetup['load']>>;
    try {
      kit = await challenge.load();
    } catch {
      setCheckState({ status: 'unavailable' });
      return;
    }
    const next = program(files);
    if (!next) {
      setCheckState({ status: 'done', results: [{ title: 'Your code compiles', passed: false, reason: 'Fix the syntax error shown above first.' }] });
      return;
    }
    lastCheck.current = sandbox.current.check(next, compileFile(kit.checks));
  };

  useEffect(() => {
    if (challenge && checkState.status === 'done' && checkState.results.every((result) => result.passed)) {
      markPassed(challenge.id, files);
    }
    // Only a new set of results counts, not later edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkState]);

  const showSolution = async () => {
    if (!challenge) return;
    let kit: Awaited<ReturnType<ChallengeSetup['load']>>;
    try {
      kit = await challenge.load();
    } catch {
      setCheckState({ status: 'unavailable' });
      return;
    }
    setAttempt(files);
    change(files.map((file) => ({ ...file, code: kit.solution[file.name] ?? file.code })), { now: true });
  };

  const showAttempt = () => {
    if (!attempt) return;
    change(attempt, { now: true });
    setAttempt(undefined);
  };

  const edited = useMemo(() => files.some((file) => file.code !== file.original), [files]);
  const current = files[active] ?? files[0]!;
  const problemLine = problem?.file === current.name ? problem.line : undefined;

  return (
    <div className="playground">
      <p className="playground__help" id={helpId}>
        Edit the code and the result updates as you type. <kbd>Ctrl</kbd>+<kbd>Enter</kbd> runs it at once. In the
        editor, <kbd>Tab</kbd> indents; press <kbd>Esc</kbd> and then <kbd>Tab</kbd> to move on.
      </p>
      {stale.length > 0 && (
        <div className="playground__notice" role="status">
          <p>
            This lesson's code has changed since you edited {stale.join(' and ')}. Your version is in the editor and has
            not been run.
          </p>
          <div className="playground__actions">
            <button type="button" className="demo-button" onClick={keepMine}>
              Run my version
            </button>
            <button type="button" className="demo-button demo-button--secondary" onClick={takeUpdated}>
              Use the updated code
            </button>
          </div>
        </div>
      )}
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
              onClick={() => setActive(index)}
              onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (step === 0) return;
                const next = (index + step + files.length) % files.length;
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
      <div id={`${ids}-panel`} {...(files.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `${ids}-tab-${active}` } : {})}>
        <CodeEditor
          key={current.name}
          value={current.code}
          fileName={current.name}
          describedBy={helpId}
          problemLine={problemLine}
          autoFocus={autoFocus}
          onChange={(code) => edit(active, code)}
          onRun={runNow}
        />
      </div>
      <div className="playground__actions">
        <button type="button" className="demo-button" onClick={runNow}>
          Run
        </button>
        <button type="button" className="demo-button demo-button--secondary" onClick={reset} disabled={!edited}>
          Reset
        </button>
        {beforeReset && (
          <button type="button" className="demo-button demo-button--secondary" onClick={undoReset}>
            Undo reset
          </button>
        )}
        <p className="playground__status" aria-live="polite">
          {beforeReset ? 'The original code is back. Undo reset returns your version.' : saveFailed ? 'Not saved: this browser would not store your edits.' : edited ? 'Your edits are saved in this browser.' : ''}
        </p>
      </div>
      <div className="playground__problem" aria-live="polite">
        {problem && (
          <p className="demo-error" role={problem.kind === 'did-not-finish' ? 'alert' : undefined}>
            {describe(problem)}
          </p>
        )}
      </div>
      <LiveDemo name={name}>
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
  );
}
