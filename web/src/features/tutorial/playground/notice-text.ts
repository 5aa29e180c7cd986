import type { SaveStatus } from '../progress/progress-sync';
import type { ProblemReport } from './protocol';

/** Why the result does not show the student's code as it is now. */
export interface Problem extends ProblemReport {
  readonly kind: 'syntax' | 'runtime' | 'did-not-finish' | 'unavailable';
}

const HEADINGS: Readonly<Record<Problem['kind'], string>> = {
  syntax: 'Syntax error',
  runtime: 'Error',
  'did-not-finish': 'Stopped',
  unavailable: 'Cannot run',
};

/** The problem in one line, with the file and line (and, for syntax, the column) it is at. */
export function describeProblem(problem: Problem): string {
  const column = problem.kind === 'syntax' && problem.column ? `, column ${problem.column}` : '';
  const where = problem.file ? ` (${problem.file}${problem.line ? `, line ${problem.line}${column}` : ''})` : '';
  return `${HEADINGS[problem.kind]}${where}: ${problem.message}`;
}

/** Where the student's edits stand, each state with its own words under the code. */
export type EditState =
  /** Reset put the original code back, and Undo reset can still return the student's. */
  | 'reset'
  /** The solution is in the editor; the student's own code is kept aside. */
  | 'solution'
  /** This browser refused to store the edits. */
  | 'not-stored'
  /** Signed in, with edits or news of them: the account's save status speaks. */
  | 'account'
  /** Not signed in, with edits: they are in this browser. */
  | 'browser'
  /** Nothing edited, nothing to say. */
  | 'original';

export interface EditSituation {
  readonly resetUndoable: boolean;
  readonly showingSolution: boolean;
  readonly saveFailed: boolean;
  readonly signedIn: boolean;
  readonly accountStatus: SaveStatus | undefined;
  readonly edited: boolean;
}

/** The first state that holds, in this order: what the student just did outranks how saving goes. */
export function editState({ resetUndoable, showingSolution, saveFailed, signedIn, accountStatus, edited }: EditSituation): EditState {
  if (resetUndoable) return 'reset';
  if (showingSolution) return 'solution';
  if (saveFailed) return 'not-stored';
  if (signedIn && (accountStatus || edited)) return 'account';
  return edited ? 'browser' : 'original';
}

/**
 * The status line under the code: `readOut` goes in a polite live region; `shown` is only
 * shown ("Saving…" and "Saved" come and go at every pause in typing, too often to read out).
 */
export interface SaveNotice {
  readonly readOut: string;
  readonly shown: string;
}

/** Why the student's edits did not reach their account, to be read out. */
function accountProblem(status: SaveStatus | undefined): string {
  if (status === 'retrying') return 'Not saved: retrying';
  if (status === 'signed-out') return 'Not saved to your account: you are no longer signed in here. Sign in again to keep these edits.';
  return typeof status === 'object' ? status.problem : '';
}

/** The quiet word on the student's edits and their account while all is well. */
function accountProgress(status: SaveStatus | undefined): string {
  if (status === undefined || status === 'saved') return 'Saved';
  return status === 'saving' ? 'Saving…' : '';
}

export function saveNotice(situation: EditSituation): SaveNotice {
  switch (editState(situation)) {
    case 'reset':
      return { readOut: 'The original code is back. Undo reset returns your version.', shown: '' };
    case 'solution':
      return { readOut: 'Showing the solution: your own code is kept, and Back to my code returns it.', shown: '' };
    case 'not-stored':
      return { readOut: 'Not saved: this browser would not store your edits.', shown: '' };
    case 'account':
      return { readOut: accountProblem(situation.accountStatus), shown: accountProgress(situation.accountStatus) };
    case 'browser':
      return { readOut: 'Your edits are saved in this browser.', shown: '' };
    case 'original':
      return { readOut: '', shown: '' };
  }
}
