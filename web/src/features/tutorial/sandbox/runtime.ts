/**
 * The sandbox's runtime: the page hands this whole script to the sandbox
 * document (see playground/sandbox-client.ts), which evaluates it. It
 * receives compiled demo files, runs them as modules with the sandbox's own
 * React, and reports back what happened: rendered, a problem (with file and
 * line), console output, its height, check results, and whether a loop had
 * to be stopped. It only ever talks to the window that framed it.
 *
 * Check requests and their results go over a MessagePort of their own, which
 * the page handed to the boot script with this very code, before any of the
 * student's code ran (see boot.ts). The port lives only in this closure, and
 * before the first program runs the built-ins it depends on are locked
 * (lockdown.ts): the student's code cannot answer a check itself, nor change
 * what the checks conclude (see docs/decisions/0005).
 */
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';
import type { CheckAnswer, CheckRequest, CheckResult, ConsoleLevel, FromSandbox, Program, ProblemReport, ToSandbox } from '../playground/protocol';
import { LOOP_LIMIT_MS, SANDBOX_LIMITS } from '../playground/protocol';
import { inspect } from './inspect';
import { lockDown } from './lockdown';
import { locateError } from './modules';
import { explainReactError } from './react-errors';
import { DidNotFinish, loadProgram, runChecks } from './run-checks';
import { runtimeTimers, stopAll as stopStudentTimers, track as trackStudentTimers } from './student-timers';
import demoStyles from './sandbox.css?inline';

/** The check channel's end in the sandbox, a parameter of the function boot.ts wraps this code in. */
declare const __checkPort: MessagePort;
const checkPort = __checkPort;

const parentWindow = window.parent;
const post = (message: FromSandbox) => parentWindow.postMessage(message, '*');

const PACKAGES: Readonly<Record<string, unknown>> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
};

// ---- Runaway loops --------------------------------------------------------

let loopStarted = 0;
let loopTaskRunning = false;
let loopCalls = 0;
let stopped = false;

/** Called before each loop iteration's test (see playground/loop-guard.ts). */
function loopGuard(): true {
  if (stopped) throw new DidNotFinish(LOOP_LIMIT_MS);
  loopCalls += 1;
  if (loopCalls % 1024 !== 0) return true;
  const now = performance.now();
  if (!loopTaskRunning) {
    // The first check in this task: the timer fires once the task ends.
    loopTaskRunning = true;
    loopStarted = now;
    runtimeTimers.setTimeout(() => (loopTaskRunning = false), 0);
  } else if (now - loopStarted > LOOP_LIMIT_MS) {
    stopped = true;
    post({ type: 'did-not-finish' });
    throw new DidNotFinish(LOOP_LIMIT_MS);
  }
  return true;
}

// ---- Console and errors ---------------------------------------------------

/** At most this many console lines per run, each cut to this length: a flood must not freeze the page. */
const MAX_CONSOLE_LINES = SANDBOX_LIMITS.consoleLines;
const MAX_LINE_LENGTH = SANDBOX_LIMITS.text;
let consoleBatch: Array<{ level: ConsoleLevel; text: string }> = [];
let consoleLines = 0;
let consoleDropped = 0;

function flushConsole() {
  if (consoleDropped > 0) {
    consoleBatch.push({ level: 'warn', text: `… ${consoleDropped} more lines not shown` });
    consoleDropped = 0;
  }
  if (consoleBatch.length > 0) post({ type: 'console', id: current?.id, entries: consoleBatch });
  consoleBatch = [];
}

for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const satisfies readonly ConsoleLevel[]) {
  console[level] = (...values: unknown[]) => {
    if (consoleLines >= MAX_CONSOLE_LINES) {
      consoleDropped += 1;
      return;
    }
    consoleLines += 1;
    // Sent in batches, once the current task is over.
    if (consoleBatch.length === 0 && consoleDropped === 0) runtimeTimers.setTimeout(flushConsole, 0);
    consoleBatch.push({ level, text: values.map((value) => inspect(value)).join(' ').slice(0, MAX_LINE_LENGTH) });
  };
}

/** The program running now, and whether it has reported a problem yet. */
let current: { id: number; paths: string[]; failed?: boolean } | undefined;

function problemOf(error: unknown, paths = current?.paths ?? []): ProblemReport {
  const message =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${explainReactError(error.message)}` : `Uncaught ${inspect(error)}`;
  return { message, ...locateError(error, paths) };
}

/** While checks run, errors their renders and clicks cause are theirs, not the result's. */
let checkErrors: unknown[] | undefined;

function report(error: unknown) {
  if (error instanceof DidNotFinish) return;
  if (checkErrors) {
    checkErrors.push(error);
    return;
  }
  if (current) current.failed = true;
  post({ type: 'problem', id: current?.id, problem: problemOf(error) });
}

window.addEventListener('error', (event) => {
  event.preventDefault();
  report(event.error ?? event.message);
});
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  report(event.reason);
});

// ---- Styles ---------------------------------------------------------------

const baseSheet = document.createElement('style');
baseSheet.textContent = demoStyles;
document.head.append(baseSheet);

const demoSheets = new Map<string, HTMLStyleElement>();
function addStyle(path: string, css: string) {
  const sheet = document.createElement('style');
  sheet.dataset.file = path;
  sheet.textContent = css;
  document.head.append(sheet);
  demoSheets.set(path, sheet);
}
function removeStyles() {
  for (const sheet of demoSheets.values()) sheet.remove();
  demoSheets.clear();
}

// ---- Running a program ----------------------------------------------------

const mount = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
const checkArea = document.createElement('div');
checkArea.className = 'sandbox-checks';
document.body.append(checkArea);

let root: ReactDOMClient.Root | undefined;

const host = { packages: PACKAGES, addStyle, loopGuard };

/** While checks run, the result is away for a moment: the page keeps its height, so nothing on it jumps. */
let heightHeld = false;
function postHeight() {
  if (!heightHeld) post({ type: 'height', height: Math.ceil(mount.getBoundingClientRect().height) });
}
new ResizeObserver(postHeight).observe(mount);

/** The program the result shows, to show again after checks. */
let shown: { id: number; program: Program } | undefined;

function unmountResult() {
  try {
    root?.unmount();
  } catch (error) {
    // A cleanup that throws belongs to the program that is going away.
    report(error);
  }
  root = undefined;
  mount.replaceChildren();
}

/** True while checks run: a run that comes meanwhile leaves their timers alone. */
let checking = false;

function run(id: number, program: Program) {
  unmountResult();
  // Lines the code before logged go out named as its own, which the page no longer shows.
  flushConsole();
  // What the code before left running (a timer at a module's top level, say) ends with it.
  if (!checking) stopStudentTimers();
  current = { id, paths: program.files.map((file) => file.path) };
  shown = { id, program };
  consoleLines = 0;
  removeStyles();
  try {
    const { Component } = loadProgram(program, host);
    root = ReactDOMClient.createRoot(mount, {
      onUncaughtError: (error) => report(error),
    });
    ReactDOM.flushSync(() => root!.render(React.createElement(Component)));
    // React reports an error thrown while rendering to onUncaughtError, not to this caller.
    if (!current.failed) post({ type: 'rendered', id });
  } catch (error) {
    report(error);
  }
}

/** Runs the checks the page asked for over the check channel, and answers there, naming the request. */
async function check({ id, nonce, program, checks: checksFile }: CheckRequest) {
  const answer = (results: readonly CheckResult[]) => checkPort.postMessage({ type: 'checked', id, nonce, results } satisfies CheckAnswer);
  const paths = program.files.map((file) => file.path);
  // The result is taken down while the checks run, so that the ids and labels
  // the checks look for are there once, and shown again after.
  unmountResult();
  flushConsole();
  stopStudentTimers();
  checking = true;
  current = undefined;
  removeStyles();
  heightHeld = true;
  const errors: unknown[] = [];
  checkErrors = errors;
  try {
    const takeError = () => errors.shift();
    answer(await runChecks(program, checksFile, host, checkArea, (error) => problemOf(error, paths).message, takeError));
  } catch (error) {
    // Only a stopped loop gets here; the page has been told and replaces this sandbox.
    if (!(error instanceof DidNotFinish)) answer([{ title: 'Your code runs', passed: false, reason: problemOf(error, paths).message }]);
    return;
  } finally {
    checking = false;
    checkErrors = undefined;
    heightHeld = false;
  }
  if (shown) run(shown.id, shown.program);
  postHeight();
}

window.addEventListener('message', (event: MessageEvent<ToSandbox>) => {
  if (event.source !== parentWindow) return;
  const message = event.data;
  if (stopped) return;
  switch (message.type) {
    case 'run':
      run(message.id, message.program);
      break;
    case 'ping':
      post({ type: 'pong' });
      break;
    default:
      break;
  }
});


// Check requests come only over the check channel: a 'check' posted to this window is ignored.
checkPort.onmessage = (event: MessageEvent<CheckRequest>) => {
  if (!stopped && event.data.type === 'check') void check(event.data);
};

// Last, with everything above in place, and before the page sends the first program.
trackStudentTimers();
lockDown([React, ReactDOM, ReactDOMClient, jsxRuntime], [mount, checkArea, document.head, document.body]);
post({ type: 'ready' });
