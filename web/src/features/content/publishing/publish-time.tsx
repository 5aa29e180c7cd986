/** When a saved version goes live, or comes down, as every kind's publishing asks it. */
import { timeZoneName } from './local-time';

/** Now, or at a time (with the time's field): when visitors see the saved version. */
export function WhenToPublish(props: {
  readonly id: string;
  readonly when: 'now' | 'later';
  readonly onWhen: (when: 'now' | 'later') => void;
  readonly publishAt: string;
  readonly onPublishAt: (value: string) => void;
  readonly problem: string | null;
}) {
  const { id, when, onWhen, publishAt, onPublishAt, problem } = props;
  return (
    <fieldset>
      <legend>When visitors see this version</legend>
      <div className="field field--checkbox">
        <input id={`${id}-now`} type="radio" name="when" checked={when === 'now'} onChange={() => onWhen('now')} />
        <label htmlFor={`${id}-now`}>Now</label>
      </div>
      <div className="field field--checkbox">
        <input id={`${id}-later`} type="radio" name="when" checked={when === 'later'} onChange={() => onWhen('later')} />
        <label htmlFor={`${id}-later`}>At a time</label>
      </div>
      {when === 'later' && <TimeField id={`${id}-at`} label="Publish at" value={publishAt} onChange={onPublishAt} problem={problem} />}
    </fieldset>
  );
}

export function TimeField(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly problem: string | null;
  readonly onChange: (value: string) => void;
}) {
  const { id, label, value, problem, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="datetime-local" value={value} aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`} onChange={(event) => onChange(event.target.value)} />
      <p id={`${id}-hint`} className="field__hint">
        In this computer’s time ({timeZoneName()}).
      </p>
      {problem && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
