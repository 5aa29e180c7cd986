import { fileName, type CheckResult, type CompiledFile, type Program } from '../playground/protocol';
import * as checkReads from './check-reads';
import { CheckFailure, createCheckTools, type Check } from './check-tools';
import { createModules, pickComponent, type ModuleHost } from './modules';

/** Thrown by the loop guard; the checks stop at once when they meet it. */
export class DidNotFinish extends Error {
  constructor(limitMs: number) {
    super(`Your code did not finish: a loop ran for more than ${limitMs / 1000} seconds.`);
    this.name = 'DidNotFinish';
  }
}

/**
 * The modules a checks file may import besides its own: what it reads the student's elements
 * with, as this module loaded (before any of the student's code ran), by its path in the
 * tutorial folder (`../../../sandbox/check-reads` from a checks file).
 */
const CHECK_MODULES = { 'sandbox/check-reads': checkReads };

/** Loads a program's entry and the component it shows; throws a plain-words error when there is none. */
export function loadProgram(program: Program, host: Omit<ModuleHost, 'hostModules'>) {
  const modules = createModules(program.files, { ...host, hostModules: program.hostModules });
  const exports = modules.require(program.entry);
  const Component = pickComponent(exports);
  if (!Component) {
    throw new Error(`${fileName(program.entry)} exports no component: export a function whose name starts with a capital letter.`);
  }
  return { exports, Component };
}

/**
 * Runs a challenge's checks against the student's program, one after another,
 * each on a fresh render inside `area`. Every check gives a line: passed, or
 * why not. `describe` turns an error the student's code threw into words;
 * `takeError` hands over errors that reached the window (from an event
 * handler, say) since it was last asked.
 */
export async function runChecks(
  program: Program,
  checksFile: CompiledFile,
  host: Omit<ModuleHost, 'hostModules'>,
  area: HTMLElement,
  describe: (error: unknown) => string,
  takeError?: () => unknown,
): Promise<CheckResult[]> {
  let loaded: ReturnType<typeof loadProgram>;
  try {
    loaded = loadProgram(program, host);
  } catch (error) {
    if (error instanceof DidNotFinish) throw error;
    return [{ title: 'Your code runs', passed: false, reason: describe(error) }];
  }
  const checks = createModules([checksFile], { ...host, hostModules: CHECK_MODULES }).require(checksFile.path).default as readonly Check[];
  const results: CheckResult[] = [];
  for (const { title, run } of checks) {
    const { tools, unmount } = createCheckTools(loaded.Component, loaded.exports, area, takeError);
    try {
      await run(tools);
      results.push({ title, passed: true });
    } catch (error) {
      if (error instanceof DidNotFinish) throw error;
      const reason = error instanceof CheckFailure ? error.message : `Your code threw an error: ${describe(error)}`;
      results.push({ title, passed: false, reason });
    } finally {
      try {
        unmount();
      } catch {
        // A component that throws while unmounting has failed its check already.
      }
    }
  }
  return results;
}
