/**
 * The messages between a lesson page and its sandbox (see sandbox/runtime.ts).
 * The sandbox has an opaque origin, so each side checks `event.source`
 * instead of the origin, and nothing here may carry anything the student's
 * code must not see.
 */

/** One file of a demo, compiled in the page and run in the sandbox. */
export type CompiledFile =
  | { readonly kind: 'script'; readonly path: string; readonly code: string }
  | { readonly kind: 'style'; readonly path: string; readonly css: string; readonly classes?: Readonly<Record<string, string>> };

/** Values the page provides as modules that are not the demo's own files. */
export type HostModules = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

export interface Program {
  readonly files: readonly CompiledFile[];
  /** The file whose component renders. */
  readonly entry: string;
  readonly hostModules: HostModules;
}

/**
 * To the sandbox's window. `runtime` is the first message, and carries the check channel's
 * port (see CheckRequest) with it, before any of the student's code runs.
 */
export type ToSandbox =
  | { readonly type: 'runtime'; readonly code: string }
  | { readonly type: 'run'; readonly id: number; readonly program: Program }
  | { readonly type: 'ping' };

/**
 * The check channel: a MessagePort of its own between the page and the sandbox's check
 * runner, out of reach of the student's code, which owns the sandbox's window and can post
 * anything from it. `nonce` is known only to the page and the check runner: the page accepts
 * one answer to the check it asked for, and none to any other.
 */
export interface CheckRequest {
  readonly type: 'check';
  readonly id: number;
  readonly nonce: string;
  readonly program: Program;
  readonly checks: CompiledFile;
}

export interface CheckAnswer {
  readonly type: 'checked';
  readonly id: number;
  readonly nonce: string;
  readonly results: readonly CheckResult[];
}

export interface ProblemReport {
  readonly message: string;
  /** The demo file and line the problem comes from, when known. */
  readonly file?: string;
  readonly line?: number;
  /** Only for syntax errors: in compiled code, columns no longer match the student's. */
  readonly column?: number;
}

export interface CheckResult {
  readonly title: string;
  readonly passed: boolean;
  /** Why it failed, in plain words. */
  readonly reason?: string;
}

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

export type FromSandbox =
  | { readonly type: 'boot' }
  | { readonly type: 'ready' }
  | { readonly type: 'rendered'; readonly id: number }
  | { readonly type: 'problem'; readonly id?: number; readonly problem: ProblemReport }
  | { readonly type: 'did-not-finish' }
  | { readonly type: 'console'; readonly id?: number; readonly entries: ReadonlyArray<{ readonly level: ConsoleLevel; readonly text: string }> }
  | { readonly type: 'height'; readonly height: number }
  | { readonly type: 'pong' };

/**
 * Limits on what a sandbox's messages may make the page hold and show. The student's code owns
 * the sandbox's window and can post anything: a real run stays far below these (a challenge has
 * at most a handful of checks), a forged flood is cut here rather than freeze the page.
 */
export const SANDBOX_LIMITS = {
  /** Console lines kept per run (the runtime stops sending more, the page keeps no more). */
  consoleLines: 500,
  /** Characters of one console line or one problem's message. */
  text: 10_000,
  /** Check results accepted from one check. */
  checkResults: 50,
  /** Characters of a check's title or reason. */
  checkText: 500,
  /** Pixels of the result's height. */
  height: 5000,
} as const;

/** The last part of a path: `demos/cart/cart.ts` is `cart.ts`. How files are named to the student. */
export const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The function the sandbox passes to every module; it throws once a loop has run too long. */
export const LOOP_GUARD = '__loopGuard';

/** How long a loop may run within one task before the sandbox stops it. */
export const LOOP_LIMIT_MS = 2000;
