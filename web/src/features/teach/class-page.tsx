import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { ApiError } from '../../shared/lib/api-client';
import { messageOf } from '../../shared/components/form-parts';
import { JoinQr } from './join-qr';
import { TEACH_PATH } from '../../shared/paths/teach';
import { ProgressSection } from './progress-section';
import { teachApi, type ClassBody } from './teach-api';
import { ClassNameField, nameError, otherProblem, Outcome, ProblemText, studentsCount, useConfirmFocus, useTeachAction } from './teach-parts';
import { useLiveClass } from './use-live-class';

interface ClassPageProps {
  readonly classId: string;
  readonly onApiError: (error: unknown) => void;
  /** After the class is deleted (the page then shows the list). */
  readonly onDeleted: (name: string) => void;
}

/** /teach/<id>: one class, its join code, its students' progress (live), and its settings. */
export function ClassPage({ classId, onApiError, onDeleted }: ClassPageProps) {
  const [problem, setProblem] = useState<ApiError | Error | null>(null);
  const onProblem = useCallback(
    (error: unknown) => {
      onApiError(error);
      setProblem(error instanceof Error ? error : new Error(messageOf(error)));
    },
    [onApiError],
  );
  const live = useLiveClass(classId, onProblem);
  const { view } = live;
  usePageMeta(college.pages.teach, view ? `${view.class.name} · ` : '');

  const back = (
    <p className="teach-page__back">
      <AppLink href={TEACH_PATH}>All your classes</AppLink>
    </p>
  );

  if (problem instanceof ApiError && problem.code === 'unknown-class') {
    return (
      <>
        {back}
        <h1>Class not found</h1>
        <p>There is no such class among yours: it may have been deleted.</p>
      </>
    );
  }
  if (!view) {
    return (
      <>
        {back}
        <h1>Your class</h1>
        {problem ? (
          <p role="alert" className="auth-form__problem">
            {problem.message}
          </p>
        ) : (
          <p role="status">Loading the class…</p>
        )}
      </>
    );
  }
  const { class: item } = view;
  return (
    <>
      {back}
      <h1 className="teach-page__title">{item.name}</h1>
      {item.archived && (
        <p className="teach-page__notice">
          This class is archived: it is read-only, and no one can join it. Unarchive it in the class settings below.
        </p>
      )}
      {problem && live.status === 'stopped' && (
        <p role="alert" className="auth-form__problem">
          {problem.message}
        </p>
      )}
      {!item.archived && <JoinSection item={item} onChanged={live.setClass} onApiError={onApiError} />}
      <ProgressSection classId={classId} className={item.name} archived={item.archived} rows={view.rows} status={live.status}
        onReconnect={live.reconnect} onRemoved={live.removeRow} onApiError={onApiError} />
      <SettingsSection item={item} students={view.rows.length} onChanged={live.setClass} onApiError={onApiError}
        onDeleting={live.stop} onDeleteFailed={live.reconnect} onDeleted={() => onDeleted(item.name)} />
    </>
  );
}

interface SectionProps {
  readonly item: ClassBody;
  readonly onChanged: (item: ClassBody) => void;
  readonly onApiError: (error: unknown) => void;
}

/** The join link and code, large enough to project, with a QR code for phones. */
function JoinSection({ item, onChanged, onApiError }: SectionProps) {
  const { busy, problem, done, run } = useTeachAction(onApiError);
  const ids = useId();
  const link = `${window.location.origin}/join/${item.code}`;

  const newCode = () =>
    run(async () => {
      const changed = await teachApi.newCode(item.id);
      onChanged(changed);
      return `The new code is ${changed.code}. The old code and its link no longer work.`;
    });
  const toggleJoining = () =>
    run(async () => {
      const changed = await teachApi.change(item.id, { joining: !item.joining });
      onChanged(changed);
      return changed.joining ? 'Joining is open: the code lets students in.' : 'Joining is closed: the code lets no one in.';
    });

  return (
    <section aria-labelledby={`${ids}-title`} className="record-section join-section">
      <h2 id={`${ids}-title`}>Let students in</h2>
      {item.joining ? (
        <p>Students open the link, or scan the QR code with a phone, then sign in and join.</p>
      ) : (
        <p className="teach-page__notice">Joining is closed: the link and the code let no one in until you open joining.</p>
      )}
      <div className="join-section__show">
        <dl className="join-section__text">
          <dt className="join-section__label">Code</dt>
          <dd className="join-code">{item.code}</dd>
          <dt className="join-section__label">Link</dt>
          <dd className="join-section__link">
            <a href={link}>{link}</a>
          </dd>
        </dl>
        <JoinQr link={link} />
      </div>
      <div className="auth-form__actions">
        <button type="button" className="button button--outline" disabled={busy} onClick={() => void newCode()}>
          Make a new code
        </button>
        <button type="button" className="button button--outline" disabled={busy} onClick={() => void toggleJoining()}>
          {item.joining ? 'Close joining' : 'Open joining'}
        </button>
      </div>
      <ProblemText problem={problem} />
      <Outcome message={done} />
    </section>
  );
}

interface SettingsSectionProps extends SectionProps {
  readonly students: number;
  /** Just before the class is deleted: its live view ends, rather than knock again at a class that is gone. */
  readonly onDeleting: () => void;
  readonly onDeleteFailed: () => void;
  readonly onDeleted: () => void;
}

/** Rename, archive or delete the class. */
function SettingsSection({ item, students, onChanged, onApiError, onDeleting, onDeleteFailed, onDeleted }: SettingsSectionProps) {
  const ids = useId();
  const [name, setName] = useState(item.name);
  const rename = useTeachAction(onApiError);
  const archive = useTeachAction(onApiError);
  const remove = useTeachAction(onApiError);
  const [confirming, setConfirming] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  useConfirmFocus(confirming, question, deleteButton);

  function submitName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void rename.run(async () => {
      const changed = await teachApi.change(item.id, { name });
      onChanged(changed);
      setName(changed.name);
      return `The class is now called “${changed.name}”.`;
    });
  }

  const toggleArchived = () =>
    archive.run(async () => {
      const changed = await teachApi.change(item.id, { archived: !item.archived });
      onChanged(changed);
      return changed.archived ? 'The class is archived.' : 'The class is no longer archived.';
    });

  const deleteClass = () =>
    remove.run(async () => {
      onDeleting();
      try {
        await teachApi.delete(item.id);
      } catch (error) {
        onDeleteFailed();
        throw error;
      }
      onDeleted();
      return null;
    });


  return (
    <section aria-labelledby={`${ids}-title`} className="record-section teach-settings">
      <h2 id={`${ids}-title`}>Class settings</h2>
      <form onSubmit={submitName} noValidate className="teach-settings__part">
        <ClassNameField id={`${ids}-name`} label="Name of the class" value={name} onChange={setName}
          error={nameError(rename.problem)} disabled={item.archived} />
        {item.archived && <p className="field__hint">An archived class cannot be renamed: unarchive it first.</p>}
        <ProblemText problem={otherProblem(rename.problem)} />
        <Outcome message={rename.done} />
        <button type="submit" className="button button--outline" disabled={rename.busy || item.archived}>
          Rename
        </button>
      </form>
      <div className="teach-settings__part">
        <h3>{item.archived ? 'Unarchive' : 'Archive'}</h3>
        <p>
          {item.archived
            ? 'Unarchiving makes the class usable again: you can rename it and open joining.'
            : 'An archived class is read-only: no one can join it and it cannot be renamed. Its table stays, and you can unarchive it.'}
        </p>
        <ProblemText problem={archive.problem} />
        <Outcome message={archive.done} />
        <button type="button" className="button button--outline" disabled={archive.busy} onClick={() => void toggleArchived()}>
          {item.archived ? 'Unarchive class' : 'Archive class'}
        </button>
      </div>
      <div className="teach-settings__part">
        <h3>Delete</h3>
        <p>Deleting the class removes it and its list of students for good. The students keep their own progress.</p>
        {confirming ? (
          <div className="teach-confirm" role="group" aria-labelledby={`${ids}-question`}>
            <p id={`${ids}-question`} ref={question} tabIndex={-1} className="teach-confirm__question">
              Delete “{item.name}” and its list of {studentsCount(students)}? This cannot be undone.
            </p>
            <ProblemText problem={remove.problem} />
            <div className="auth-form__actions">
              <button type="button" className="button teach-button--danger" disabled={remove.busy} onClick={() => void deleteClass()}>
                Yes, delete the class
              </button>
              <button type="button" className="button button--outline" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <button ref={deleteButton} type="button" className="button button--outline teach-settings__delete"
            onClick={() => setConfirming(true)}>
            Delete class
          </button>
        )}
      </div>
    </section>
  );
}
