import { lazy, Suspense, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import type { ChallengeSetup } from '../playground/challenge-panel';
import { subscribeToProgress } from '../progress/progress-events';
import { LessonContext } from '../progress/lesson-context';
import { fileUnderLesson, hasSavedEdits } from '../progress/saved-edits';
import { CodeBlock, type HighlightedSource } from './code-block';
import { LiveDemo } from './live-demo';

// The editor, its transform and the sandbox client: loaded only when a student
// opens an editor, never with the lesson.
const Playground = lazy(() => import('../playground/playground'));

interface EditableDemoProps {
  /** Names the demo's box for assistive technology ("Live demo: Counter"). */
  readonly name: string;
  /** The demo's files, as highlighted at build time. The first one's component renders. */
  readonly sources: readonly HighlightedSource[];
  /** Where the student's edits are kept; by default the entry file's path. */
  readonly storageKey?: string;
  /** Label of the button that opens the editor. */
  readonly openLabel?: string;
  /** The caption of each source file (by default "Source: name"); captions name regions, so they must be unique on the page. */
  readonly sourceLabel?: (file: string) => string;
  readonly challenge?: ChallengeSetup;
  /** The demo as it runs on the page (without an editor). */
  readonly children?: ReactNode;
}

/**
 * A demo's source and the demo itself, as prerendered, with an **Edit code**
 * button that turns the source into an editor and the demo into its result,
 * running the student's version in a sandbox. A demo the student has edited
 * before opens in the editor by itself, with their edits, when it comes into view.
 */
export function EditableDemo({
  name,
  sources,
  storageKey = sources[0]!.path,
  openLabel = 'Edit code',
  sourceLabel,
  challenge,
  children,
}: EditableDemoProps) {
  const hydrated = useHydrated();
  const [editing, setEditing] = useState<'asked' | 'restored' | undefined>();

  // A demo the student edited before opens in the editor by itself, once it comes near the
  // screen: a lesson with several edited demos does not start all their sandboxes at load.
  // (Browser storage is read only once hydrated: the prerendered page is the same for everyone.
  // A signed-in student's edits may arrive from the account after the lesson has rendered.)
  const edited = useSyncExternalStore(subscribeToProgress, () => hasSavedEdits(storageKey), () => false);
  const lesson = useContext(LessonContext)?.lesson ?? '';
  useEffect(() => fileUnderLesson(storageKey, lesson), [storageKey, lesson]);
  const toolbar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = toolbar.current;
    if (!element || !edited) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setEditing((state) => state ?? 'restored');
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [edited]);

  const prerendered = (
    <>
      {sources.map((source) => (
        <CodeBlock key={source.path} source={source} label={sourceLabel?.(source.file)} />
      ))}
      {children !== undefined && <LiveDemo name={name}>{children}</LiveDemo>}
    </>
  );

  if (editing) {
    return (
      <Suspense fallback={prerendered}>
        <Playground name={name} storageKey={storageKey} sources={sources} autoFocus={editing === 'asked'} challenge={challenge} />
      </Suspense>
    );
  }

  return (
    <>
      <div className="demo-toolbar" ref={toolbar}>
        <button
          type="button"
          className="demo-button demo-button--secondary"
          aria-label={`${openLabel}: ${name}`}
          disabled={!hydrated}
          onClick={() => setEditing('asked')}
        >
          {openLabel}
        </button>
      </div>
      {prerendered}
    </>
  );
}
