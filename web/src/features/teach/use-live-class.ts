import { useCallback, useEffect, useRef, useState } from 'react';
import { rowOf, rowsOf, withoutRow, withRow, type StudentRow } from './class-rows';
import { eventsPath, teachApi, type ClassBody, type StudentEventBody } from './teach-api';

/** What the page says about its live view: quiet, in a status region. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface ClassView {
  readonly class: ClassBody;
  readonly rows: readonly StudentRow[];
}

type RowsChange = (rows: readonly StudentRow[]) => readonly StudentRow[];

/**
 * A class's table, kept up to date while the page is open: the table is read
 * once, then the class's server-sent events add, replace and remove rows.
 * EventSource reconnects by itself; after a reconnection the table is read
 * again, since events may have been missed meanwhile. When the server refuses
 * the stream (the class deleted, the role revoked, too many open views),
 * EventSource gives up, and the table is read to learn why (`onProblem`).
 */
export function useLiveClass(classId: string, onProblem: (error: unknown) => void) {
  const [view, setView] = useState<ClassView | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // Bumped to open the live view again after it stopped.
  const [attempt, setAttempt] = useState(0);
  const source = useRef<EventSource | null>(null);
  const problem = useRef(onProblem);
  useEffect(() => {
    problem.current = onProblem;
  });

  useEffect(() => {
    let active = true;
    // Changes that arrived while the table was being read, applied again on top of its answer.
    let pending: RowsChange[] | null = null;

    const apply = (change: RowsChange) => {
      pending?.push(change);
      setView((current) => current && { ...current, rows: change(current.rows) });
    };

    const read = () => {
      pending = [];
      teachApi.table(classId).then(
        (table) => {
          if (!active) return;
          const changes = pending ?? [];
          pending = null;
          const rows = changes.reduce<readonly StudentRow[]>((rows, change) => change(rows), rowsOf(table.lessons, table.students));
          setView({ class: table.class, rows });
        },
        (error: unknown) => {
          if (!active) return;
          pending = null;
          problem.current(error);
        },
      );
    };

    read();
    const events = new EventSource(eventsPath(classId));
    source.current = events;
    let opened = false;
    events.onopen = () => {
      setStatus('live');
      if (opened) read();
      opened = true;
    };
    events.addEventListener('student', (event) => {
      const { lessons, student } = JSON.parse((event as MessageEvent<string>).data) as StudentEventBody;
      apply((rows) => withRow(rows, rowOf(lessons, student)));
    });
    events.addEventListener('left', (event) => {
      const { id } = JSON.parse((event as MessageEvent<string>).data) as { id: string };
      apply((rows) => withoutRow(rows, id));
    });
    events.onerror = () => {
      if (events.readyState === EventSource.CLOSED) {
        setStatus('stopped');
        read();
      } else {
        setStatus('reconnecting');
      }
    };
    return () => {
      active = false;
      events.close();
      source.current = null;
    };
  }, [classId, attempt]);

  /** Opens the live view again, after it stopped. */
  const reconnect = useCallback(() => {
    setStatus('connecting');
    setAttempt((count) => count + 1);
  }, []);

  /** Ends the live view for good: before the class is deleted, so that it does not knock again. */
  const stop = useCallback(() => source.current?.close(), []);

  const setClass = useCallback((next: ClassBody) => setView((current) => current && { ...current, class: next }), []);
  const removeRow = useCallback((id: string) => setView((current) => current && { ...current, rows: withoutRow(current.rows, id) }), []);

  return { view, status, reconnect, stop, setClass, removeRow };
}
