import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../shared/lib/dates';
import { Cancelled, Outcome, ProblemText, useStaffAction } from '../../shared/staff/staff-parts';
import { ApiError } from '../../shared/lib/api-client';
import { staffApi, type Message } from './staff-api';
import { courseName, formatDay } from './staff-format';

/** The college's day today, as a date field holds it: the earliest day to call again. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

/** What an enquiry says beyond a message: its course, the phone, the student's study and when to call. */
export function EnquiryFacts({ message }: { readonly message: Message }) {
  return (
    <>
      <dt>Course</dt>
      <dd>
        <a href={`/courses/${message.course ?? ''}`}>{courseName(message.course ?? '')}</a>
      </dd>
      {message.phone && (
        <>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${message.phone}`}>{message.phone}</a>
          </dd>
        </>
      )}
      <dt>Studies now</dt>
      <dd>{message.currentStudy}</dd>
      <dt>When to call</dt>
      <dd>{message.callTime}</dd>
      {message.followUpOn && (
        <>
          <dt>Call again on</dt>
          <dd>{formatDay(message.followUpOn)}</dd>
        </>
      )}
    </>
  );
}

/** The day to call the student again: sets the enquiry's state to "call again". */
export function FollowUpForm({ message, onChange }: { readonly message: Message; readonly onChange: (message: Message) => void }) {
  const ids = useId();
  const [day, setDay] = useState(message.followUpOn ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useStaffAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void action.run(async () => {
      setProblem(null);
      try {
        onChange(await staffApi.setStatus(message.id, 'follow-up', day));
        return `We will call again on ${formatDay(day)}.`;
      } catch (error) {
        if (error instanceof ApiError && error.field === 'followUpOn') {
          setProblem(error.message);
          throw new Cancelled();
        }
        throw error;
      }
    });
  }

  return (
    <form className="staff-follow-up" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Call again</h2>
      <div className="field">
        <label htmlFor={`${ids}-day`}>Call again on</label>
        <input id={`${ids}-day`} type="date" min={today()} value={day} required aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids}-error` : undefined} onChange={(event) => setDay(event.target.value)} />
        {problem && (
          <p id={`${ids}-error`} className="field__error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" className="button button--outline" disabled={action.busy}>
        Set the day
      </button>
      <ProblemText problem={action.problem} />
      <Outcome message={action.done} />
    </form>
  );
}

/** The office's notes on a message, oldest first, and a new one. */
export function Notes({ message, onChange }: { readonly message: Message; readonly onChange: (message: Message) => void }) {
  const ids = useId();
  const [text, setText] = useState('');
  const action = useStaffAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void action.run(async () => {
      onChange(await staffApi.addNote(message.id, text));
      setText('');
      return 'Note added.';
    });
  }

  return (
    <section className="staff-notes" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Notes</h2>
      {message.notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ol className="staff-notes__list">
          {message.notes.map((note) => (
            <li key={note.id}>
              <p className="staff-notes__meta">
                {note.author}, <time dateTime={new Date(note.at).toISOString()}>{formatDateTime(note.at)}</time>
              </p>
              <p className="staff-notes__text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-text`}>New note</label>
          <textarea id={`${ids}-text`} rows={3} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <button type="submit" className="button button--outline" disabled={action.busy || text.trim() === ''}>
          Add the note
        </button>
        <ProblemText problem={action.problem} />
        <Outcome message={action.done} />
      </form>
    </section>
  );
}
