import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../components/form-parts';

interface Read<T> {
  readonly key: string;
  readonly data: T | null;
  readonly problem: string | null;
  readonly error?: unknown;
}

/**
 * What a page reads from the API: loading, then the data or the problem in
 * words, and `reload` to ask again. Every signed-in page reads through this
 * one hook (no library: a page reads one thing or two, and never shares it).
 *
 * `key` names what `load` reads; null reads nothing yet. A new key is read at
 * once, and what was read for the last one stays on screen (no flash of
 * "Loading") until its answer; a problem is never shown beside another key's
 * data. A failed `reload` keeps the data it had. `onError` hears each failure,
 * for what concerns the whole page (a session that ended, a role revoked).
 */
export function useLoad<T>(load: () => Promise<T>, key: string | null, onError?: (error: unknown) => void) {
  const [read, setRead] = useState<Read<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The functions of the last render: a page may pass new ones each time without reading again.
  const latest = useRef({ load, onError });
  useEffect(() => {
    latest.current = { load, onError };
  });

  useEffect(() => {
    if (key === null) return;
    let current = true;
    latest.current.load().then(
      (data) => current && setRead({ key, data, problem: null }),
      (error: unknown) => {
        if (!current) return;
        latest.current.onError?.(error);
        setRead((last) => ({ key, data: last?.key === key ? last.data : null, problem: messageOf(error), error }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  /** Shows data the page got otherwise (the answer of an action), as if it had been read. */
  const replace = useCallback((data: T) => key !== null && setRead({ key, data, problem: null }), [key]);
  return {
    data: read?.data ?? null,
    problem: read?.key === key ? read.problem : null,
    /** What went wrong, to tell one refusal from another. */
    error: read?.key === key ? read.error : undefined,
    loading: read?.key !== key,
    reload,
    replace,
  };
}
