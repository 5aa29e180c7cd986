/**
 * The parts of the sandbox's messages the page reads, checked and cut to size. What arrives
 * from the sandbox is written by the student's code, which owns that window: nothing is
 * trusted to have the shape the protocol says, and nothing is kept or shown whole if it is
 * larger than SANDBOX_LIMITS allows.
 */
import { SANDBOX_LIMITS, type CheckResult, type ConsoleLevel, type ProblemReport } from './protocol';

export interface ConsoleLine {
  readonly level: ConsoleLevel;
  readonly text: string;
}

const LEVELS = new Set<ConsoleLevel>(['log', 'info', 'warn', 'error', 'debug']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A string, cut to `max` characters (the cut marked with an ellipsis). Only strings, numbers and
 * booleans are taken: turning a posted array or object into text could itself take long.
 */
export function textOf(value: unknown, max: number = SANDBOX_LIMITS.text): string {
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export const optionalNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export function problemOf(value: unknown): ProblemReport {
  const report = isRecord(value) ? value : {};
  const line = optionalNumber(report.line);
  return {
    message: textOf(report.message),
    ...(report.file === undefined ? {} : { file: textOf(report.file, 500) }),
    ...(line === undefined ? {} : { line }),
  };
}

/** At most SANDBOX_LIMITS.checkResults results, each a title, passed or not, and a reason, each cut short. */
export function resultsOf(value: unknown): CheckResult[] {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, SANDBOX_LIMITS.checkResults)
    .filter(isRecord)
    .map((result) => ({
      title: textOf(result.title, SANDBOX_LIMITS.checkText),
      passed: result.passed === true,
      ...(result.reason === undefined ? {} : { reason: textOf(result.reason, SANDBOX_LIMITS.checkText) }),
    }));
}

/** At most SANDBOX_LIMITS.consoleLines lines of one message (the rest said to be left out), each cut short. */
export function consoleEntriesOf(value: unknown): ConsoleLine[] {
  if (!Array.isArray(value)) return [];
  // Over the limit, the last line kept says how many were left out.
  const kept = value.length > SANDBOX_LIMITS.consoleLines ? SANDBOX_LIMITS.consoleLines - 1 : value.length;
  const lines = value.slice(0, kept).map(
    (entry: unknown): ConsoleLine => {
      const fields = isRecord(entry) ? entry : {};
      return {
        level: LEVELS.has(fields.level as ConsoleLevel) ? (fields.level as ConsoleLevel) : 'log',
        text: textOf(fields.text),
      };
    },
  );
  if (kept < value.length) lines.push({ level: 'warn', text: `… ${value.length - kept} more lines not shown` });
  return lines;
}

/** A height in pixels within SANDBOX_LIMITS.height, if the value is one. */
export function heightOf(value: unknown): number | undefined {
  const height = optionalNumber(value);
  return height === undefined ? undefined : Math.min(Math.max(height, 0), SANDBOX_LIMITS.height);
}
