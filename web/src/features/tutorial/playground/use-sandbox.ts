import { useCallback, useEffect, useRef, useState } from 'react';
import { placeholderApiUrl } from '../config';
import type { ConsoleEntry } from './console-panel';
import type { Problem } from './notice-text';
import { SANDBOX_LIMITS, type CheckResult, type HostModules, type Program } from './protocol';
import { Sandbox } from './sandbox-client';
import { compileFile, CompileError, type SourceFile } from './transform';

/** The console keeps this many lines, newest last: a flood of them must not freeze the page. */
const MAX_CONSOLE_ENTRIES = SANDBOX_LIMITS.consoleLines;

/** The page's own modules that demos import (`../../config`), by their path in the tutorial folder. */
const HOST_MODULES: HostModules = { config: { placeholderApiUrl } };

/**
 * What the sandbox tells a challenge's checks. The sandbox is made once per demo with these,
 * so they must stay the same functions for the demo's life.
 */
export interface CheckReports {
  /** The results of the check outstanding (never of an older one). */
  checked(results: readonly CheckResult[]): void;
  /** The code did not finish, and a fresh sandbox replaced it. */
  didNotFinish(): void;
  /** The code navigated its frame away again, and the frame was stopped. */
  navigatedAway(): void;
}

/**
 * The demo's result: a sandbox (see sandbox-client.ts) made for the demo and thrown away with
 * it, the code it runs, and what it reports back (a problem, console lines, its height, whether
 * the code navigated its frame away). Only the latest run's and the latest check's answers count.
 */
export function useSandbox(name: string, reports: CheckReports) {
  const frameHost = useRef<HTMLDivElement>(null);
  const sandbox = useRef<Sandbox | null>(null);
  const lastRun = useRef(0);
  /** The run the result shows: a syntax error since leaves it running, and its console lines welcome. */
  const runShown = useRef(0);
  const lastCheck = useRef(0);
  const [problem, setProblem] = useState<Problem>();
  const [consoleEntries, setConsoleEntries] = useState<ConsoleEntry[]>([]);
  const [height, setHeight] = useState<number>();
  /** The code navigated its result frame away until the frame was stopped; the next run starts a fresh one. */
  const [navigatedAway, setNavigatedAway] = useState(false);

  /** The files compiled for the sandbox; undefined, with the syntax error shown, when they do not compile. */
  const program = useCallback((files: readonly SourceFile[]): Program | undefined => {
    try {
      return { files: files.map(({ path, code }) => compileFile({ path, code })), entry: files[0]!.path, hostModules: HOST_MODULES };
    } catch (error) {
      if (!(error instanceof CompileError)) throw error;
      // A result still on its way belongs to code older than this error.
      lastRun.current = 0;
      setProblem({ kind: 'syntax', message: error.message, file: error.file, line: error.line, column: error.column });
      return undefined;
    }
  }, []);

  const run = useCallback(
    (files: readonly SourceFile[]) => {
      const next = program(files);
      if (!next || !sandbox.current) return;
      setConsoleEntries([]);
      setNavigatedAway(false);
      lastRun.current = runShown.current = sandbox.current.run(next);
    },
    [program],
  );

  useEffect(
    function startSandbox() {
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
          if (id === lastCheck.current) reports.checked(results);
        },
        didNotFinish: () => {
          setProblem({
            kind: 'did-not-finish',
            message: 'Your code did not finish (is there a loop that never ends?), so it was stopped. Change the code to run it again.',
          });
          reports.didNotFinish();
        },
        unavailable: (message) => setProblem({ kind: 'unavailable', message }),
        navigatedAway: () => {
          setNavigatedAway(true);
          // The frame is gone: its last height no longer holds the space open.
          setHeight(undefined);
          reports.navigatedAway();
        },
      });
      sandbox.current = instance;
      return function disposeSandbox() {
        instance.dispose();
        sandbox.current = null;
      };
    },
    [name, reports],
  );

  return {
    frameHost,
    problem,
    consoleEntries,
    clearConsole: () => setConsoleEntries([]),
    height,
    navigatedAway,
    program,
    run,
    /** Whether the sandbox is still there (the editor may have closed while the checks loaded). */
    isOpen: () => sandbox.current !== null,
    /** Runs the checks on a compiled program; their results come to `reports.checked`. */
    check: (next: Program, checks: SourceFile) => {
      const box = sandbox.current;
      if (!box) return;
      setNavigatedAway(false);
      lastCheck.current = box.check(next, compileFile(checks));
    },
  };
}

export type SandboxHandle = ReturnType<typeof useSandbox>;
