import { useState } from 'react';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { AppLink } from '../../../shared/components/app-link';
import { useDoneLessons } from '../progress/lesson-progress';
import { markLesson } from '../progress/progress-sync';
import { tutorialLessons, type TutorialEntry } from '../tutorial-data';

/**
 * "N of 17 lessons done" and where to go on, at the top of the tutorial. The
 * prerendered page (the same for everyone) keeps the line's place empty until
 * this browser's progress is read, so nothing moves when it appears.
 */
export function ProgressSummary() {
  const hydrated = useHydrated();
  const done = useDoneLessons();
  const next = tutorialLessons.find((lesson) => !done.has(lesson.lesson));
  return (
    <p className="tutorial-progress">
      {hydrated ? (
        <>
          <span>
            {done.size} of {tutorialLessons.length} lessons done.
          </span>{' '}
          {next ? (
            <AppLink href={next.path} className="tutorial-progress__continue">
              Continue: {next.title}
            </AppLink>
          ) : (
            <span>You have finished the tutorial.</span>
          )}
        </>
      ) : (
        '\u00a0'
      )}
    </p>
  );
}

/**
 * **Mark as done** at the end of a lesson without challenges, which becomes
 * the way to undo it. One button throughout, so the keyboard stays on it.
 */
export function MarkDone({ lesson }: { lesson: TutorialEntry }) {
  const hydrated = useHydrated();
  const done = useDoneLessons().has(lesson.lesson);
  // Said once the student has pressed the button, either way; not on arrival.
  const [pressed, setPressed] = useState(false);
  return (
    <div className="lesson-done">
      <button
        type="button"
        className="demo-button demo-button--secondary"
        disabled={!hydrated}
        onClick={() => {
          setPressed(true);
          markLesson(lesson.lesson, !done);
        }}
      >
        {done ? 'Undo: mark as not done' : 'Mark as done'}
      </button>
      <p className="lesson-done__status" role="status">
        {done ? 'You marked this lesson done.' : pressed ? 'This lesson is no longer marked done.' : ''}
      </p>
    </div>
  );
}
