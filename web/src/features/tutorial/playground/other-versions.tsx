import { useSyncExternalStore } from 'react';
import { useLessonSetting } from '../progress/lesson-context';
import { subscribeToProgress } from '../progress/progress-events';
import { readEdits } from '../progress/saved-edits';

interface OtherVersionsProps {
  readonly storageKey: string;
  /** Puts `code` into the editor for `file`. */
  readonly onSwitch: (file: string, code: string) => void;
}

const when = (time: number) =>
  new Date(time).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * A file edited both in this browser before signing in and in the account
 * keeps the newer edit in the editor and the other as "your other version",
 * one click away, until the student dismisses it.
 */
export function OtherVersions({ storageKey, onSwitch }: OtherVersionsProps) {
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
        <div key={file} className="playground__notice" role="status">
          <p>
            You also have another version of {file}, edited {when(editedAt)}: it was kept as your other version when
            this browser's work was added to your account.
          </p>
          <div className="playground__actions">
            <button
              type="button"
              className="demo-button"
              onClick={() => {
                const code = swapOtherVersion(storageKey, file);
                if (code !== undefined) onSwitch(file, code);
              }}
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
