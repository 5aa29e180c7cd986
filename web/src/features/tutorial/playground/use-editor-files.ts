import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { HighlightedSource } from '../components/code-block';
import { subscribeToProgress } from '../progress/progress-events';
import { initialFiles, useSavedEdits, type EditorFile } from './use-saved-edits';

/** Typing pauses this long before the result updates. */
const RUN_DELAY_MS = 60;

/**
 * The files in the editor and what the student does with them: each change is run and saved
 * once typing pauses (at once for Run, Reset and the like); Reset can be undone; edits made on
 * code the lesson has changed since wait for the student's choice; the solution can stand in for
 * the student's code (which stays what is saved) and give way to it again.
 */
export function useEditorFiles(storageKey: string, sources: readonly HighlightedSource[], run: (files: readonly EditorFile[]) => void) {
  const [{ files, stale }, setState] = useState(() => initialFiles(sources, storageKey));
  const [beforeReset, setBeforeReset] = useState<readonly EditorFile[]>();
  /** The student's own code while the solution is shown. */
  const [attempt, setAttempt] = useState<readonly EditorFile[]>();
  // The latest files and whether they await saving, for work that outlives a render.
  const latest = useRef({ files, unsaved: false, showingSolution: false });
  useLayoutEffect(
    function keepLatestFiles() {
      latest.current.files = files;
      latest.current.showingSolution = attempt !== undefined;
    },
    [files, attempt],
  );

  const { save, newerVersion, saveFailed, signedIn, accountStatus } = useSavedEdits(storageKey, files);
  const saveNow = useCallback(
    (current: readonly EditorFile[]) => {
      latest.current.unsaved = false;
      save(current);
    },
    [save],
  );

  // Run once the sandbox exists, unless the saved edits predate a change to the lesson (the student chooses then).
  const started = useRef(false);
  useEffect(
    function runOnOpen() {
      if (started.current) return;
      started.current = true;
      // Starting the sandbox's first run is the point of this effect (it clears the console too).
      if (stale.length === 0) run(files);
    },
    [run, stale.length, files],
  );

  // Debounced: each change restarts the timer; the result and the saved copy follow the pause.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    function saveLastEditOnClose() {
      // One object for the editor's life, updated in place: at close it holds the latest files.
      const last = latest.current;
      return () => {
        clearTimeout(timer.current);
        // An edit made just before the editor closes is still kept.
        if (last.unsaved && !last.showingSolution) saveNow(last.files);
      };
    },
    [saveNow],
  );

  useEffect(
    function saveLastEditOnPageHide() {
      // Leaving the page (a link the app does not handle, a reload, the tab closed) unmounts
      // nothing: an edit made within the pause before its save is kept here instead.
      const flush = () => {
        const last = latest.current;
        // The pending run still comes, should the page come back from the browser's cache.
        if (last.unsaved && !last.showingSolution) saveNow(last.files);
      };
      window.addEventListener('pagehide', flush);
      return () => window.removeEventListener('pagehide', flush);
    },
    [saveNow],
  );

  const change = useCallback(
    (next: readonly EditorFile[], { now = false, keep = true } = {}) => {
      setState({ files: [...next], stale: [] });
      setBeforeReset(undefined);
      clearTimeout(timer.current);
      // While the solution is shown, the student's own attempt stays what is saved.
      const saving = keep && !latest.current.showingSolution;
      latest.current.unsaved = saving;
      const apply = () => {
        if (saving) saveNow(next);
        run(next);
      };
      if (now) apply();
      else timer.current = setTimeout(apply, RUN_DELAY_MS);
    },
    [run, saveNow],
  );

  // A newer version of a file that reached this browser while the editor is open (the account's,
  // read as the lesson opened, or another tab's) comes into the editor, unless the student has
  // typed in that file since it was last saved.
  useEffect(
    function takeNewerVersions() {
      const takeNewer = () => {
        if (latest.current.showingSolution) return;
        const next = newerVersion(latest.current.files);
        if (next) change(next, { now: true, keep: false });
      };
      // A version that arrived between this editor's first render and now counts too.
      takeNewer();
      return subscribeToProgress(takeNewer);
    },
    [newerVersion, change],
  );

  const edited = useMemo(() => files.some((file) => file.code !== file.original), [files]);

  return {
    files,
    /** Files edited on code the lesson has changed since; their edits have not run. */
    stale,
    edited,
    beforeReset,
    showingSolution: attempt !== undefined,
    saveFailed,
    signedIn,
    accountStatus,
    /** The files and whether the solution is shown, as of now (for work that awaited something). */
    latest: () => latest.current,
    edit: (index: number, code: string) => change(files.map((file, i) => (i === index ? { ...file, code } : file))),
    runNow: () => change(files, { now: true }),
    reset: () => {
      change(
        files.map((file) => ({ ...file, code: file.original })),
        { now: true },
      );
      setBeforeReset(files);
    },
    undoReset: () => {
      if (beforeReset) change(beforeReset, { now: true });
    },
    /** The lesson's new code in place of the student's stale edits, which Undo reset returns. */
    takeUpdated: () => {
      change(
        files.map((file) => (stale.includes(file.name) ? { ...file, code: file.original } : file)),
        { now: true },
      );
      setBeforeReset(files);
    },
    showSolution: (solution: Readonly<Record<string, string>>) => {
      const mine = latest.current.files;
      setAttempt(mine);
      latest.current.showingSolution = true;
      change(
        mine.map((file) => ({ ...file, code: solution[file.name] ?? file.code })),
        { now: true, keep: false },
      );
    },
    showAttempt: () => {
      if (!attempt) return;
      latest.current.showingSolution = false;
      setAttempt(undefined);
      change(attempt, { now: true });
    },
  };
}

export type EditorFilesHandle = ReturnType<typeof useEditorFiles>;
