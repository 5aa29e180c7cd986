import { CONTACT_FIELDS, ERRORS_TEMPLATE, FIELD_IDS, type ContactField, type ContactState } from './contact-state';

interface FieldSpec {
  readonly label: string;
  readonly type?: 'text' | 'email';
  readonly maxLength: number;
  readonly autoComplete?: string;
  readonly multiline?: boolean;
}

const FIELDS: Record<ContactField, FieldSpec> = {
  name: { label: 'Your name', maxLength: 100, autoComplete: 'name' },
  email: { label: 'Your email', type: 'email', maxLength: 254, autoComplete: 'email' },
  subject: { label: 'Subject', maxLength: 200 },
  message: { label: 'Your message', maxLength: 5000, multiline: true },
};

/** Fields the server reported a problem with, and its words for each. */
function fieldErrors(state: ContactState | undefined): Partial<Record<ContactField, string>> {
  const result: Partial<Record<ContactField, string>> = {};
  if (!state || state.errors === ERRORS_TEMPLATE) return result;
  for (const error of state.errors) {
    if (error.field && !result[error.field]) result[error.field] = error.message;
  }
  return result;
}

/**
 * A plain HTML form: the browser posts it to the server, which answers with
 * a thank-you page or this page again with the problems listed.
 */
export function ContactForm({ state }: { state: ContactState | undefined }) {
  const errors = fieldErrors(state);
  return (
    <form className="contact-form" method="post" action="/contact">
      {CONTACT_FIELDS.map((field) => {
        const spec = FIELDS[field];
        const id = FIELD_IDS[field];
        const error = errors[field];
        const errorId = `${id}-error`;
        const common = {
          id,
          name: field,
          required: true,
          maxLength: spec.maxLength,
          defaultValue: state?.values[field] ?? '',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        };
        return (
          <div className={error ? 'field field--invalid' : 'field'} key={field}>
            <label htmlFor={id}>{spec.label}</label>
            {error ? (
              <p className="field__error" id={errorId}>
                {error}
              </p>
            ) : null}
            {spec.multiline ? (
              <textarea {...common} rows={7} />
            ) : (
              <input {...common} type={spec.type ?? 'text'} autoComplete={spec.autoComplete} />
            )}
          </div>
        );
      })}
      {/* Trap for bots: people and screen readers never see this field. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="button button--large">
        Send
      </button>
    </form>
  );
}
