/**
 * The sandbox's runtime: the page hands this whole script to the sandbox
 * document (see playground/sandbox-client.ts), which evaluates it. It
 * receives compiled demo files, runs them as modules with the sandbox's own
 * React, and reports back what happened: rendered, a problem (with file and
 * line), console output, its height, check results, and whether a loop had
 * to be stopped. It only ever talks to the window that framed it.
 */
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';
import type { CompiledFile, ConsoleLevel, FromSandbox, Program, ProblemReport, ToSandbox } from '../playground/protocol';
import { LOOP_LIMIT_MS } from '../playground/protocol';
import { inspect } from './inspect';
import { locateError } from './modules';
import { explainReactError } from './react-errors';
import { DidNotFinish, loadProgram, runChecks } from './run-checks';
import demoStyles from './sandbox.css?inline';

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
    setTimeout(() => (loopTaskRunning = false), 0);
  } else if (now - loopStarted > LOOP_LIMIT_MS) {
    stopped = true;
    post({ type: 'did-not-finish' });
    throw new DidNotFinish(LOOP_LIMIT_MS);
  }
  return true;
}

// ---- Console and errors ---------------------------------------------------

for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const satisfies readonly ConsoleLevel[]) {
  console[level] = (...values: unknown[]) => post({ type: 'console', level, text: values.map((value) => inspect(value)).join(' ') });
}

/** The program running now, and whether it has reported a problem yet. */
let current: { id: number; paths: string[]; failed?: boolean } | undefined;

function problemOf(error: unknown, paths = current?.paths ?? []): ProblemReport {
  const message =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${explainReactError(error.message)}` : `Uncaught ${inspect(error)}`;
  return { message, ...locateError(error, paths) };
}

function report(error: unknown) {
  if (error instanceof DidNotFinish) return;
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

function run(id: number, program: Program) {
  current = { id, paths: program.files.map((file) => file.path) };
  root?.unmount();
  root = undefined;
  mount.replaceChildren();
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

async function check(id: number, program: Program, checksFile: CompiledFile) {
  const paths = program.files.map((file) => file.path);
  // The checks load the program again, and with it its stylesheets.
  removeStyles();
  try {
    const results = await runChecks(program, checksFile, host, checkArea, (error) => problemOf(error, paths).message);
    post({ type: 'checked', id, results });
  } catch (error) {
    // Only a stopped loop gets here; the page has been told and replaces this sandbox.
    if (!(error instanceof DidNotFinish)) report(error);
  }
}

window.addEventListener('message', (event: MessageEvent<ToSandbox>) => {
  if (event.source !== parentWindow) return;
  const message = event.data;
  if (stopped) return;
  switch (message.type) {
    case 'run':
      run(message.id, message.program);
      break;
    case 'check':
      void check(message.id, message.program, message.checks);
      break;
    case 'ping':
      post({ type: 'pong', id: message.id });
      break;
    default:
      break;
  }
});

new ResizeObserver(() => post({ type: 'height', height: Math.ceil(mount.getBoundingClientRect().height) })).observe(mount);

post({ type: 'ready' });
