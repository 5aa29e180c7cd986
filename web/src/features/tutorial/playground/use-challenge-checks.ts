import { useEffect, useRef, useState } from 'react';
import { useLessonSetting } from '../progress/lesson-context';
import type { ChallengeKit, ChallengeSetup, CheckState } from './challenge-panel';
import type { CheckResult } from './protocol';
import type { EditorFilesHandle } from './use-editor-files';
import type { EditorFile } from './use-saved-edits';
import type { CheckReports, SandboxHandle } from './use-sandbox';

/** The one result a check still running ends with when the sandbox stops the code. */
const STOPPED_BY: Readonly<Record<'did-not-finish' | 'navigated-away', CheckResult>> = {
  'did-not-finish': { title: 'Your code finishes', passed: false, reason: 'A loop in your code never ended, so the checks were stopped.' },
  'navigated-away': {
    title: 'Your code stays on its page',
    passed: false,
    reason: 'Your code navigated away from the result (with location.reload() or a change to location, say), so the checks were stopped.',
  },
};

/** The checks' state once the sandbox stopped the code: a check running ends, any other state stays. */
export function checksStoppedBy(stop: keyof typeof STOPPED_BY, state: CheckState): CheckState {
  return state.status === 'checking' ? { status: 'done', results: [STOPPED_BY[stop]] } : state;
}

/**
 * What the challenge's checks show (idle, checking, unavailable, or each check's result), and
 * what the sandbox reports into it. Made before the sandbox, which is given `reports` for life.
 */
export function useCheckState() {
  const [state, setState] = useState<CheckState>({ status: 'idle' });
  const [reports] = useState<CheckReports>(() => ({
    checked: (results) => setState({ status: 'done', results }),
    didNotFinish: () => setState((current) => checksStoppedBy('did-not-finish', current)),
    navigatedAway: () => setState((current) => checksStoppedBy('navigated-away', current)),
  }));
  return { state, setState, reports };
}

interface ChallengeChecksSetup {
  readonly challenge: ChallengeSetup | undefined;
  readonly checks: ReturnType<typeof useCheckState>;
  readonly sandbox: Pick<SandboxHandle, 'isOpen' | 'program' | 'check'>;
  readonly editor: Pick<EditorFilesHandle, 'latest' | 'showSolution'>;
}

/**
 * A challenge's Check and Show solution: the checks and the solution are loaded when first
 * asked for, the checks run in the sandbox on the code in the editor, and a pass is recorded
 * with the code that passed (unless that was the solution shown).
 */
export function useChallengeChecks({ challenge, checks, sandbox, editor }: ChallengeChecksSetup) {
  const { state, setState } = checks;
  const { markPassed } = useLessonSetting().progress;

  /** The challenge's checks and solution; undefined (and said so) when they cannot be loaded. */
  const loadKit = async (): Promise<ChallengeKit | undefined> => {
    try {
      return await challenge?.load();
    } catch {
      setState({ status: 'unavailable' });
      return undefined;
    }
  };

  // The code a check ran on, unless it was the solution shown: a pass counts for the student's own code.
  const checked = useRef<readonly EditorFile[]>(undefined);
  const check = async () => {
    if (!challenge || state.status === 'checking') return;
    setState({ status: 'checking' });
    const kit = await loadKit();
    // The student may have typed, or closed the editor, while the checks loaded.
    if (!kit || !sandbox.isOpen()) return;
    const { files, showingSolution } = editor.latest();
    const next = sandbox.program(files);
    if (!next) {
      setState({ status: 'done', results: [{ title: 'Your code compiles', passed: false, reason: 'Fix the syntax error shown above first.' }] });
      return;
    }
    checked.current = showingSolution ? undefined : files;
    sandbox.check(next, kit.checks);
  };

  // Recorded once per check, with the code that was checked (not what the student typed since).
  const challengeId = challenge?.id;
  useEffect(
    function recordPass() {
      if (!challengeId || state.status !== 'done' || !state.results.every((result) => result.passed)) return;
      if (checked.current) markPassed(challengeId, checked.current);
      checked.current = undefined;
    },
    [challengeId, state, markPassed],
  );

  const showSolution = async () => {
    const kit = await loadKit();
    if (kit) editor.showSolution(kit.solution);
  };

  return { check, showSolution };
}
