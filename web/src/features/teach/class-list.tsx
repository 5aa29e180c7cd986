import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { useHydrated } from '../../shared/hooks/use-hydrated';
import { useLoad } from '../../shared/hooks/use-load';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { TEACH_PATH } from '../../shared/paths/teach';
import { teachApi } from './teach-api';
import { ClassNameField, nameError, otherProblem, ProblemText, studentsCount, useTeachAction } from './teach-parts';

interface ClassListProps {
  readonly onApiError: (error: unknown) => void;
  /** Said above the list (a class deleted a moment ago). */
  readonly notice: string | null;
}

/** /teach: the teacher's classes, and a form to create one. */
export function ClassList({ onApiError, notice }: ClassListProps) {
  usePageMeta(college.pages.teach);
  const list = useLoad(() => teachApi.classes(), 'classes', onApiError);
  const classes = list.data;
  const headingId = useId();

  return (
    <>
      <h1>{college.pages.teach.title}</h1>
      {notice && (
        <p role="status" className="teach-page__notice">
          {notice}
        </p>
      )}
      <div className="teach-list">
        <section aria-labelledby={headingId} className="teach-list__classes">
          <h2 id={headingId}>Your classes</h2>
          {/* In the first HTML with the heading: what replaces the loading line below is as tall, when there is no class. */}
          <p>Students join a class with its link or its code; here you follow their progress in the tutorial.</p>
          {classes === null ? (
            list.problem ? (
              <>
                <p role="alert" className="auth-form__problem">
                  {list.problem}
                </p>
                <button type="button" className="button" onClick={list.reload}>
                  Try again
                </button>
              </>
            ) : (
              <p role="status">Loading your classes…</p>
            )
          ) : classes.length === 0 ? (
            <p>You have no classes yet.</p>
          ) : (
            <ul className="teach-list__items">
              {classes.map((item) => (
                <li key={item.id} className="teach-list__item">
                  <AppLink href={`${TEACH_PATH}/${encodeURIComponent(item.id)}`} className="teach-list__name">
                    {item.name}
                  </AppLink>
                  <span className="teach-list__facts">
                    {studentsCount(item.students)}
                    {item.archived ? (
                      <span className="badge teach-badge">Archived</span>
                    ) : (
                      !item.joining && <span className="badge teach-badge">Joining closed</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <NewClass onApiError={onApiError} />
      </div>
    </>
  );
}

/** Creates a class and opens it, where its code is. */
function NewClass({ onApiError }: { readonly onApiError: (error: unknown) => void }) {
  const [name, setName] = useState('');
  const { busy, problem, run } = useTeachAction(onApiError);
  const [, navigate] = useLocation();
  const ids = useId();
  // The form is in the first HTML: it works once the page's script runs, never natively.
  const hydrated = useHydrated();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const created = await teachApi.create(name);
      navigate(`${TEACH_PATH}/${encodeURIComponent(created.id)}`);
      return null;
    });
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="auth-card teach-list__new">
      <h2 id={`${ids}-title`}>Create a class</h2>
      <form onSubmit={submit} noValidate>
        <ClassNameField id={`${ids}-name`} label="Name of the class" value={name} onChange={setName}
          error={nameError(problem)} />
        <ProblemText problem={otherProblem(problem)} />
        <button type="submit" className="button" disabled={busy || !hydrated}>
          Create class
        </button>
      </form>
    </section>
  );
}
