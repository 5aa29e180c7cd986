import { useState } from 'react';
import { messageOf } from '../components/form-parts';
import { ApiError } from '../lib/api-client';

/**
 * A form's or a button's progress: busy while its call runs, then what to tell
 * the user, or its problem. Every feature's actions run through this one hook;
 * each says how a failure becomes the problem it shows (`problemOf`, which
 * answers null to show none, as for a step the user cancelled) and reacts to it
 * there (a session that ended elsewhere).
 */
export function useAction<Problem>(problemOf: (error: unknown) => Problem | null) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<string | null>(null);

  /** Runs `action`, which answers what to tell the user (or nothing). A second run waits for the first. */
  async function run(action: () => Promise<string | null>) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      setDone(await action());
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  // `setProblem` is for what a page learns outside `run` (a sign-in popup's answer, a problem named in the address).
  return { busy, problem, done, run, setDone, setProblem };
}

/**
 * An action on a signed-in page: its problem is the error in words, and a
 * session that ended elsewhere (signed out from another device) is also told
 * to `onSignedOut`, so that the page follows.
 */
export function useSignedInAction(onSignedOut: () => void) {
  return useAction((error) => {
    if (error instanceof ApiError && error.code === 'not-signed-in') onSignedOut();
    return messageOf(error);
  });
}
