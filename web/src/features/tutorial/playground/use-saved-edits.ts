import { useCallback, useContext, useRef, useState, useSyncExternalStore } from 'react';
import { StudentContext } from '../../../shared/lib/student-context';
import { dataGeneration } from '../../../shared/lib/student-data';
import type { HighlightedSource } from '../components/code-block';
import { useLessonSetting } from '../progress/lesson-context';
import { readEdits } from '../progress/saved-edits';
import { sourceText } from './source-text';
import { hash } from './transform';

export interface EditorFile {
  readonly name: string;
  readonly path: string;
  readonly original: string;
  readonly code: string;
}

/** Saved edits name the version of the lesson's code they were made on by this. */
const originalHash = (code: string) => hash(code).toString(36);

/**
 * The demo's files with the student's saved edits in them, and the names of those edited on
 * code the lesson has changed since (`stale`): the student chooses what runs then.
 */
export function initialFiles(sources: readonly HighlightedSource[], storageKey: string) {
  const saved = readEdits(storageKey);
  const stale: string[] = [];
  const files = sources.map((source): EditorFile => {
    const original = sourceText(source.html);
    const edit = saved?.files[source.file];
    if (edit && edit.base !== originalHash(original)) stale.push(source.file);
    return { name: source.file, path: source.path, original, code: edit?.code ?? original };
  });
  return { files, stale };
}

/**
 * The student's edits of one demo, kept in this browser and, when they are signed in, in their
 * account: saving them, how saving goes, and the newer versions that reach this browser while
 * the editor is open. `files` are the files the editor opened with.
 */
export function useSavedEdits(storageKey: string, files: readonly EditorFile[]) {
  const { lesson, progress } = useLessonSetting();
  const { saveDemoEdits, saveStatus, subscribeToSaveStatus } = progress;
  const signedIn = Boolean(useContext(StudentContext));
  const accountStatus = useSyncExternalStore(subscribeToSaveStatus, () => saveStatus(storageKey), () => undefined);
  const [saveFailed, setSaveFailed] = useState(false);
  // Work begun before a logout is not saved after it: the next person starts clean.
  const generation = useRef(dataGeneration());
  // Each file's code as this editor last read or saved it. Only files the student changed since
  // are saved: a newer version that reached this browser meanwhile (from the account, or another
  // tab) is not overwritten by a file the student did not touch here.
  const known = useRef<Record<string, string>>(Object.fromEntries(files.map((file) => [file.name, file.code])));

  const save = useCallback(
    (current: readonly EditorFile[]) => {
      if (dataGeneration() !== generation.current) return;
      const changes = current
        .filter((file) => file.code !== known.current[file.name])
        .map((file) => ({ name: file.name, code: file.code === file.original ? null : file.code, base: originalHash(file.original) }));
      for (const file of current) known.current[file.name] = file.code;
      if (changes.length > 0) setSaveFailed(!saveDemoEdits(storageKey, lesson, changes));
    },
    [storageKey, lesson, saveDemoEdits],
  );

  /**
   * `current` with the newer saved version of each file the student has not typed in since it
   * was last read or saved; undefined when there is none.
   */
  const newerVersion = useCallback(
    (current: readonly EditorFile[]): EditorFile[] | undefined => {
      const saved = readEdits(storageKey)?.files ?? {};
      let changed = false;
      const next = current.map((file) => {
        const stored = saved[file.name]?.code ?? file.original;
        const last = known.current[file.name];
        if (stored === last || file.code !== last) return file;
        known.current[file.name] = stored;
        changed = true;
        return { ...file, code: stored };
      });
      return changed ? next : undefined;
    },
    [storageKey],
  );

  return { save, newerVersion, saveFailed, signedIn, accountStatus };
}
