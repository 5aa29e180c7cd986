import { useCallback, useEffect, useState } from 'react';

export type FetchState<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'success'; readonly data: T }
  | { readonly status: 'error'; readonly message: string };

/** A message a reader can act on, for an error from fetch or from parsing. */
export function describeError(error: unknown): string {
  // fetch rejects with a TypeError when it gets no response at all.
  if (error instanceof TypeError) return 'The service could not be reached. Check your connection and try again.';
  if (error instanceof Error) return `Something went wrong: ${error.message}.`;
  return 'Something went wrong.';
}

/**
 * GETs `url` and parses the JSON with `parse` (keep it the same function
 * between renders, for example one defined outside the component).
 * Aborts the request when the component goes away or the URL changes.
 */
export function useFetch<T>(url: string, parse: (json: unknown) => T) {
  const [attempt, setAttempt] = useState(0);
  // The answer, tagged with the request it belongs to: an older answer is
  // never shown as the answer to a newer request.
  const request = `${attempt}:${url}`;
  const [answer, setAnswer] = useState<{ request: string; state: FetchState<T> } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`the service answered with status ${response.status}`);
        return parse(await response.json());
      })
      .then(
        (data) => {
          if (!controller.signal.aborted) setAnswer({ request, state: { status: 'success', data } });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ request, state: { status: 'error', message: describeError(error) } });
        },
      );
    return () => controller.abort();
  }, [url, parse, request]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: FetchState<T> = answer?.request === request ? answer.state : { status: 'loading' };
  return { ...state, retry };
}
