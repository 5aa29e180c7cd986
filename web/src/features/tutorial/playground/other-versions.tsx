import { useSyncExternalStore } from 'react';
import { useLessonSetting } from '../progress/lesson-context';
import { subscribeToProgress } from '../progress/progress-events';
import { readEdits } from '../progress/saved-edits';

interface OtherVersionsProps {
  readonly storageKey: string;
}

const when = (time: number) =>
  new Date(time).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * A file edited both in this browser before signing in and in the account
 * keeps the newer edit in the editor and the other as "your other version",
 * one click away, until the student dismisses it. (Switching writes the saved
 * edits, which the editor takes in as any newer version.)
 */
export function OtherVersions({ storageKey }: OtherVersionsProps) {
  const { dismissOtherVersion, swapOtherVersion } = useLessonSetting().progress;
  // The file names and times, as one string: a stable snapshot for React.
  const key = useSyncExternalStore(
    subscribeToProgress,
    () =>
      JSON.stringify(
        Object.entries(readEdits(storageKey)?.files ?? {}).flatMap(([file, saved]) => (saved.other ? [[file, saved.other.editedAt]] : [])),
      ),
    () => '[]',
  );
  const others = JSON.parse(key) as [string, number][];
  if (others.length === 0) return null;
  return (
    <>
      {others.map(([file, editedAt]) => (
        <div key={file} className="playground__notice">
          <p>
            You also have another version of {file}, edited {when(editedAt)}. It is kept as your other version until
            you dismiss it.
          </p>
          <div className="playground__actions">
            <button
              type="button"
              className="demo-button"
              onClick={() => swapOtherVersion(storageKey, file)}
            >
              Switch to your other version of {file}
            </button>
            <button type="button" className="demo-button demo-button--secondary" onClick={() => dismissOtherVersion(storageKey, file)}>
              Dismiss your other version of {file}
            </button>
          </div>
        </div>
      ))}
    </>
  );
}
