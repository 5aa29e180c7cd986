import { useId, useState, type FormEvent } from 'react';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { ApiError, request } from '../../shared/lib/api-client';
import { STAFF_HOLIDAYS_PATH } from '../../shared/paths/staff-rooms';
import { countOf } from '../../shared/staff/lists';
import { STAFF_META } from '../../shared/staff/staff-meta';
import type { StaffRoom } from '../../shared/staff/staff-room';
import { LoadState, Outcome, ProblemText, useStaffAction, useStaffLoad } from '../../shared/staff/staff-parts';

/** The holidays as the server keeps them (grievances/holidays_routes.rs): one line each. */
interface Holidays {
  readonly text: string;
  readonly count: number;
}

const HOLIDAYS_API = '/api/college-holidays';

const saveHolidays = (text: string) =>
  request<Holidays>(HOLIDAYS_API, { method: 'PUT', body: JSON.stringify({ text }) });

/** `/staff/holidays` (editor): the college's holidays, which the grievance clock's working days skip. */
export const holidaysRoom: StaffRoom = {
  role: 'editor',
  label: 'Holidays',
  path: STAFF_HOLIDAYS_PATH,
  Page: HolidaysPage,
};

function HolidaysPage() {
  usePageMeta(STAFF_META, 'Holidays · ');
  const loaded = useStaffLoad(() => request<Holidays>(HOLIDAYS_API), STAFF_HOLIDAYS_PATH);
  return (
    <>
      <h1>Holidays</h1>
      <p>
        The committee must decide a student’s grievance within 15 working days. Working days skip Sundays and the holidays
        listed here.
      </p>
      {loaded.data === null ? (
        <LoadState what="the holidays" problem={loaded.problem} onRetry={loaded.reload} />
      ) : (
        <HolidaysForm saved={loaded.data} />
      )}
    </>
  );
}

function HolidaysForm({ saved }: { readonly saved: Holidays }) {
  const ids = useId();
  const [text, setText] = useState(saved.text);
  const [fieldProblem, setFieldProblem] = useState<string | null>(null);
  const save = useStaffAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFieldProblem(null);
    void save.run(async () => {
      try {
        const answer = await saveHolidays(text);
        setText(answer.text);
        return `Saved: ${countOf(answer.count, 'holiday')}.`;
      } catch (error) {
        if (error instanceof ApiError && error.field === 'text') {
          setFieldProblem(error.message);
          document.getElementById(`${ids}-text`)?.focus();
          return null;
        }
        throw error;
      }
    });
  }

  return (
    <form className="content-form" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>The college’s holidays</h2>
      <div className="field">
        <label htmlFor={`${ids}-text`}>One a line: the day, then its name</label>
        <p id={`${ids}-hint`} className="field__hint">
          For example 2027-01-26 Republic Day.
        </p>
        <textarea id={`${ids}-text`} rows={14} value={text} onChange={(event) => setText(event.target.value)}
          aria-invalid={fieldProblem ? true : undefined}
          aria-describedby={fieldProblem ? `${ids}-hint ${ids}-error` : `${ids}-hint`} />
        {fieldProblem && (
          <p className="field__error" id={`${ids}-error`} role="alert">
            {fieldProblem}
          </p>
        )}
      </div>
      <ProblemText problem={save.problem} />
      <button type="submit" className="button" disabled={save.busy}>
        {save.busy ? 'Saving…' : 'Save the holidays'}
      </button>
      <Outcome message={save.done} />
    </form>
  );
}
