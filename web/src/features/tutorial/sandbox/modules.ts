import type { ComponentType } from 'react';
import { fileName, LOOP_GUARD, type CompiledFile, type HostModules } from '../playground/protocol';
import { resolveImport } from './resolve';

type Exports = Record<string, unknown>;
type ModuleFunction = (require: (specifier: string) => unknown, module: { exports: Exports }, exports: Exports, loopGuard: () => true) => void;

export interface ModuleHost {
  /** Packages the demos import by name: `react`, `react/jsx-runtime`, … */
  readonly packages: Readonly<Record<string, unknown>>;
  /** The page's own modules that a demo imports (the tutorial's `config`), by path. */
  readonly hostModules: HostModules;
  /** Applies a stylesheet; called once per CSS file a module imports. */
  addStyle(path: string, css: string): void;
  /** Throws once a loop has run for too long (see playground/loop-guard.ts). */
  loopGuard(): true;
}

/** An import that names no file of the demo and no package the sandbox has. */
export class ModuleNotFound extends Error {
  constructor(specifier: string, from: string) {
    super(`Cannot find '${specifier}', imported by ${fileName(from)}.`);
    this.name = 'ModuleNotFound';
  }
}

/**
 * Evaluates `code` as the body of a CommonJS module. The `sourceURL` names the
 * file in stack traces, and the wrapper stays on the first line, so the line
 * numbers of an error are those of the student's file.
 */
function evaluate(path: string, code: string): ModuleFunction {
  return (0, eval)(`(function (require, module, exports, ${LOOP_GUARD}) {${code}\n})\n//# sourceURL=${path}`) as ModuleFunction;
}

/**
 * The demo's files as modules: `require(entry)` runs the entry and, through
 * its imports, every file it needs, each once.
 */
export function createModules(files: readonly CompiledFile[], host: ModuleHost): { require(path: string): Exports } {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const cache = new Map<string, Exports>();
  const known = (path: string) => byPath.has(path) || Object.hasOwn(host.hostModules, path);

  function load(path: string, importer = path): Exports {
    const cached = cache.get(path);
    if (cached) return cached;
    const hostModule = Object.hasOwn(host.hostModules, path) ? host.hostModules[path] : undefined;
    if (hostModule) {
      const exports = { __esModule: true, ...hostModule };
      cache.set(path, exports);
      return exports;
    }
    const file = byPath.get(path);
    if (!file) throw new ModuleNotFound(path, importer);
    if (file.kind === 'style') {
      host.addStyle(path, file.css);
      const exports: Exports = { __esModule: true, default: file.classes ?? {} };
      cache.set(path, exports);
      return exports;
    }
    const module = { exports: {} as Exports };
    // Cached before it runs, so that two files importing each other finish.
    cache.set(path, module.exports);
    const requireFrom = (specifier: string): unknown => {
      if (Object.hasOwn(host.packages, specifier)) return host.packages[specifier];
      const resolved = resolveImport(path, specifier, known);
      if (!resolved) throw new ModuleNotFound(specifier, path);
      return load(resolved, path);
    };
    evaluate(path, file.code)(requireFrom, module, module.exports, host.loopGuard);
    cache.set(path, module.exports);
    return module.exports;
  }

  return { require: (path) => load(path) };
}

const isComponent = (value: unknown): value is ComponentType =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

/** The component a file shows: its default export, or else its first exported component. */
export function pickComponent(exports: Exports): ComponentType | undefined {
  if (isComponent(exports.default)) return exports.default;
  for (const [name, value] of Object.entries(exports)) {
    if (/^[A-Z]/.test(name) && isComponent(value)) return value;
  }
  return undefined;
}

/** Where in the demo's files an error was thrown, from its stack trace. */
export function locateError(error: unknown, paths: readonly string[]): { file: string; line: number } | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const match of stack.matchAll(/([\w./-]+):(\d+):(\d+)/g)) {
    const path = match[1]!;
    if (paths.includes(path)) {
      // Lines match the student's file; columns do not, after compiling.
      return { file: fileName(path), line: Number(match[2]) };
    }
  }
  return undefined;
}
