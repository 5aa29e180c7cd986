import { describe, expect, it } from 'vitest';
import { describeProblem, editState, saveNotice, type EditSituation } from './notice-text';

/** An anonymous student's untouched demo; each test changes what it is about. */
const quiet: EditSituation = {
  resetUndoable: false,
  showingSolution: false,
  saveFailed: false,
  signedIn: false,
  accountStatus: undefined,
  edited: false,
};

describe('the status line under the code', () => {
  it('says nothing of an untouched demo', () => {
    expect(editState(quiet)).toBe('original');
    expect(saveNotice(quiet)).toEqual({ readOut: '', shown: '' });
    expect(saveNotice({ ...quiet, signedIn: true })).toEqual({ readOut: '', shown: '' });
  });

  it('tells an anonymous student their edits are in this browser', () => {
    expect(saveNotice({ ...quiet, edited: true })).toEqual({ readOut: 'Your edits are saved in this browser.', shown: '' });
  });

  it('shows a signed-in student "Saving…" and "Saved" without reading them out', () => {
    const signedIn = { ...quiet, signedIn: true, edited: true };
    expect(saveNotice({ ...signedIn, accountStatus: 'saving' })).toEqual({ readOut: '', shown: 'Saving…' });
    expect(saveNotice({ ...signedIn, accountStatus: 'saved' })).toEqual({ readOut: '', shown: 'Saved' });
    // Edited, with no word from the account yet: the edits are safe in this browser meanwhile.
    expect(saveNotice(signedIn)).toEqual({ readOut: '', shown: 'Saved' });
    // News from the account speaks even when the files are back to the lesson's code.
    expect(saveNotice({ ...quiet, signedIn: true, accountStatus: 'saved' })).toEqual({ readOut: '', shown: 'Saved' });
  });

  it("reads out why a signed-in student's edits did not reach their account", () => {
    const signedIn = { ...quiet, signedIn: true, edited: true };
    expect(saveNotice({ ...signedIn, accountStatus: 'retrying' })).toEqual({ readOut: 'Not saved: retrying', shown: '' });
    expect(saveNotice({ ...signedIn, accountStatus: 'signed-out' })).toEqual({
      readOut: 'Not saved to your account: you are no longer signed in here. Sign in again to keep these edits.',
      shown: '',
    });
    const problem = 'app.tsx is too large to keep in your account: a saved file can be at most 20 KB. It is still kept in this browser.';
    expect(saveNotice({ ...signedIn, accountStatus: { problem } })).toEqual({ readOut: problem, shown: '' });
  });

  it('says when this browser would not store the edits, signed in or not', () => {
    const expected = { readOut: 'Not saved: this browser would not store your edits.', shown: '' };
    expect(saveNotice({ ...quiet, edited: true, saveFailed: true })).toEqual(expected);
    expect(saveNotice({ ...quiet, edited: true, saveFailed: true, signedIn: true, accountStatus: 'saving' })).toEqual(expected);
  });

  it('puts what the student just did before how saving goes', () => {
    const saving: EditSituation = { ...quiet, edited: true, saveFailed: true, signedIn: true, accountStatus: 'retrying' };
    expect(saveNotice({ ...saving, showingSolution: true })).toEqual({
      readOut: 'Showing the solution: your own code is kept, and Back to my code returns it.',
      shown: '',
    });
    expect(saveNotice({ ...saving, showingSolution: true, resetUndoable: true })).toEqual({
      readOut: 'The original code is back. Undo reset returns your version.',
      shown: '',
    });
  });
});

describe('a problem, as shown above the result', () => {
  it('names the file, line and column of a syntax error', () => {
    expect(describeProblem({ kind: 'syntax', message: 'Unexpected token (3:5)', file: 'app.tsx', line: 3, column: 5 })).toBe(
      'Syntax error (app.tsx, line 3, column 5): Unexpected token (3:5)',
    );
  });

  it('gives the line but no column of an error as the code ran', () => {
    expect(describeProblem({ kind: 'runtime', message: 'boom is not defined', file: 'app.tsx', line: 7, column: 12 })).toBe(
      'Error (app.tsx, line 7): boom is not defined',
    );
    expect(describeProblem({ kind: 'runtime', message: 'boom', file: 'app.tsx' })).toBe('Error (app.tsx): boom');
    expect(describeProblem({ kind: 'runtime', message: 'boom' })).toBe('Error: boom');
  });

  it('says the code was stopped, or could not run', () => {
    expect(describeProblem({ kind: 'did-not-finish', message: 'Your code did not finish.' })).toBe('Stopped: Your code did not finish.');
    expect(describeProblem({ kind: 'unavailable', message: 'The code runner could not be loaded.' })).toBe(
      'Cannot run: The code runner could not be loaded.',
    );
  });
});
