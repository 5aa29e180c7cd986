import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/lib/api-client';
import { ProblemText, useStaffAction } from '../../shared/staff/staff-parts';
import { actOnGrievance, base64Of, type ActionInput, type Grievance, type GrievanceAction } from './grievances-api';

const OPEN = ['received', 'referred', 'hearing'];

/** What the committee can do with a grievance where it stands, each a form of its own. */
/** Told the grievance as a change left it, and what to say of the change. */
export type OnChanged = (next: Grievance, said: string) => void;

export function GrievanceActions({ grievance, onChanged }: { readonly grievance: Grievance; readonly onChanged: OnChanged }) {
  const open = OPEN.includes(grievance.status);
  const props = { grievance, onChanged };
  return (
    <div className="grievance-actions">
      {grievance.status === 'received' && (
        <ActionForm {...props} action="refer" title="Refer to the committee" button="Refer it" done="Referred: the committee decides within 15 working days."
          hint="Referring starts the committee’s 15 working days." />
      )}
      {(grievance.status === 'referred' || grievance.status === 'hearing') && (
        <ActionForm {...props} action="hearing" title={grievance.status === 'hearing' ? 'Move the hearing' : 'Set the hearing'} button="Set the hearing"
          done="The hearing is set, and the student is mailed." fields={['day', 'time', 'place']} />
      )}
      {open && (
        <ActionForm {...props} action="decision" title="Record the decision" button="Record the decision"
          done="The decision is recorded, and the student is mailed." fields={['text']} textLabel="The committee’s decision"
          documentLabel="The decision as a PDF (if any)" />
      )}
      {(grievance.status === 'decided' || grievance.status === 'appealed') && (
        <ActionForm {...props} action="close" title="Close the grievance" button="Close it" done="Closed." />
      )}
      <ActionForm {...props} action="message" title="Write to the student" button="Send to the student"
        done="Sent: the student reads it on their page and is mailed." fields={['text']} textLabel="Your message"
        documentLabel="A document for the student (if any)" />
      <ActionForm {...props} action="note" title="Note for the committee" button="Keep the note" done="Noted."
        fields={['text']} textLabel="The note (the student never sees it)" />
    </div>
  );
}

type Field = Exclude<keyof ActionInput, 'document'>;

interface ActionFormProps {
  readonly grievance: Grievance;
  readonly onChanged: OnChanged;
  readonly action: GrievanceAction;
  readonly title: string;
  readonly button: string;
  readonly done: string;
  readonly hint?: string;
  readonly fields?: readonly Field[];
  readonly textLabel?: string;
  /** The label of a file input whose document goes with the action (none: no file). */
  readonly documentLabel?: string;
}

const LABELS: Readonly<Record<Field, string>> = { text: '', day: 'Day', time: 'Time (college time, like 11:00)', place: 'Place, or the video link' };

function ActionForm({ grievance, onChanged, action, title, button, done, hint, fields = [], textLabel, documentLabel }: ActionFormProps) {
  const ids = useId();
  const run = useStaffAction();
  const [values, setValues] = useState<ActionInput>({});
  const documentInput = useRef<HTMLInputElement>(null);
  const [fieldProblem, setFieldProblem] = useState<{ field: string; message: string } | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFieldProblem(null);
    void run.run(async () => {
      try {
        const file = documentInput.current?.files?.[0];
        const input = file ? { ...values, document: { name: file.name, data: await base64Of(file) } } : values;
        const next = await actOnGrievance(grievance.number, action, input);
        setValues({});
        if (documentInput.current) documentInput.current.value = '';
        // Said by the page: this form may be gone once the grievance has moved on.
        onChanged(next, done);
        return null;
      } catch (error) {
        const known = [...fields, ...(documentLabel ? ['document'] : [])];
        if (error instanceof ApiError && error.field && known.includes(error.field)) {
          setFieldProblem({ field: error.field, message: error.message });
          document.getElementById(`${ids}-${error.field}`)?.focus();
          return null;
        }
        throw error;
      }
    });
  }

  return (
    <form className="content-form grievance-action" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{title}</h2>
      {hint && <p>{hint}</p>}
      {fields.map((field) => {
        const problem = fieldProblem?.field === field ? fieldProblem.message : null;
        const common = {
          id: `${ids}-${field}`,
          value: values[field] ?? '',
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? `${ids}-${field}-error` : undefined,
        };
        const change = (value: string) => setValues((now) => ({ ...now, [field]: value }));
        return (
          <div className="field" key={field}>
            <label htmlFor={`${ids}-${field}`}>{field === 'text' ? textLabel : LABELS[field]}</label>
            {field === 'text' ? (
              <textarea {...common} rows={5} maxLength={5000} onChange={(event) => change(event.target.value)} />
            ) : (
              <input {...common} type={field === 'day' ? 'date' : 'text'} maxLength={300} onChange={(event) => change(event.target.value)} />
            )}
            {problem && (
              <p className="field__error" id={`${ids}-${field}-error`} role="alert">
                {problem}
              </p>
            )}
          </div>
        );
      })}
      {documentLabel && (
        <div className="field">
          <label htmlFor={`${ids}-document`}>{documentLabel}</label>
          <input id={`${ids}-document`} ref={documentInput} type="file" accept="application/pdf,image/jpeg,image/png,image/webp"
            aria-invalid={fieldProblem?.field === 'document' ? true : undefined}
            aria-describedby={fieldProblem?.field === 'document' ? `${ids}-document-error` : undefined} />
          {fieldProblem?.field === 'document' && (
            <p className="field__error" id={`${ids}-document-error`} role="alert">
              {fieldProblem.message}
            </p>
          )}
        </div>
      )}
      <ProblemText problem={run.problem} />
      <button type="submit" className="button" disabled={run.busy}>
        {run.busy ? 'Saving…' : button}
      </button>
    </form>
  );
}
