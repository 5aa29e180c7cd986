import { useEffect, useId, useRef, useState } from 'react';
import { useLoad } from '../../shared/hooks/use-load';
import { allChallenges } from './tutorial-outline';
import { studentName, type StudentRow } from './class-rows';
import { teachApi, type PassBody } from './teach-api';
import { StudentPass } from './student-pass';
import { ProblemText, useConfirmFocus, useTeachAction } from './teach-parts';

interface StudentDetailProps {
  readonly classId: string;
  readonly className: string;
  /** Read-only: the student cannot be removed. */
  readonly archived: boolean;
  readonly row: StudentRow;
  /** After the dialog has closed (Close, Esc, or the student removed). */
  readonly onClosed: () => void;
  readonly onRemoved: () => void;
  readonly onApiError: (error: unknown) => void;
}

/**
 * One student, in a modal dialog: the challenges they passed with the code
 * that passed (each shown when the teacher asks), and removing them from the
 * class. The dialog holds the focus while open (Esc closes it); the table
 * gets it back on closing.
 */
export function StudentDetail({ classId, className, archived, row, onClosed, onRemoved, onApiError }: StudentDetailProps) {
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { data: detail, problem, reload } = useLoad(() => teachApi.student(classId, row.id), `${classId}/${row.id}`, onApiError);
  const [confirming, setConfirming] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const remove = useTeachAction(onApiError);
  const name = studentName(row);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  // Read again when the row changes (a new pass arrived while the dialog is open), keeping the passes shown meanwhile.
  const passed = row.passed;
  const readFor = useRef(passed);
  useEffect(() => {
    if (readFor.current === passed) return;
    readFor.current = passed;
    reload();
  }, [passed, reload]);

  useConfirmFocus(confirming, question, removeButton);

  const removeStudent = () =>
    remove.run(async () => {
      await teachApi.removeStudent(classId, row.id);
      onRemoved();
      dialog.current?.close();
      return null;
    });

  return (
    // Esc closes the dialog as the Close button does; the page hears of it once it has closed.
    <dialog ref={dialog} className="student-detail" aria-labelledby={`${ids}-title`} onClose={onClosed}>
      <div className="student-detail__head">
        <h2 id={`${ids}-title`}>{name}</h2>
        <button type="button" className="button button--outline" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <p className="student-detail__email">{row.email}</p>
      <h3>
        Challenges passed: {row.passed} of {allChallenges.length}
      </h3>
      {detail === null ? (
        problem ? (
          <p role="alert" className="auth-form__problem">
            {problem}
          </p>
        ) : (
          <p role="status">Loading the passed challenges…</p>
        )
      ) : detail.passes.length === 0 ? (
        <p>No challenge passed yet.</p>
      ) : (
        <ul className="student-detail__passes">
          {sortedPasses(detail.passes).map((pass) => (
            <StudentPass key={pass.challenge} pass={pass} />
          ))}
        </ul>
      )}
      <div className="student-detail__remove">
        <h3>Remove from the class</h3>
        {archived ? (
          <p>The class is archived, so it is read-only: unarchive it to remove a student.</p>
        ) : (
          <>
            <p>
              {name} leaves {className}’s table. Their own progress stays in their account, and they can join again while
              the class lets students in.
            </p>
            {confirming ? (
              <div className="teach-confirm" role="group" aria-labelledby={`${ids}-question`}>
                <p id={`${ids}-question`} ref={question} tabIndex={-1} className="teach-confirm__question">
                  Remove {name} from {className}?
                </p>
                <ProblemText problem={remove.problem} />
                <div className="auth-form__actions">
                  <button type="button" className="button teach-button--danger" disabled={remove.busy}
                    onClick={() => void removeStudent()}>
                    Yes, remove {name}
                  </button>
                  <button type="button" className="button button--outline"
                    onClick={() => setConfirming(false)}>
                    Cancel
                  </button>
                </div>
              </div>
            ) : (
              <button ref={removeButton} type="button" className="button button--outline" onClick={() => setConfirming(true)}>
                Remove from class
              </button>
            )}
          </>
        )}
      </div>
    </dialog>
  );
}

/** Passes in the tutorial's reading order; challenges it no longer has come last. */
function sortedPasses(passes: readonly PassBody[]): PassBody[] {
  const place = (id: string) => {
    const index = allChallenges.indexOf(id);
    return index < 0 ? allChallenges.length : index;
  };
  return [...passes].sort((a, b) => place(a.challenge) - place(b.challenge) || a.challenge.localeCompare(b.challenge));
}
