import { useEffect, useRef, type MouseEvent } from 'react';
import { ERRORS_SLOT, ERRORS_TEMPLATE, FIELD_IDS, type ContactState } from './contact-state';

export const ERROR_SUMMARY_ID = 'contact-errors';

function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  // Move focus to the field itself, not only scroll to it.
  event.preventDefault();
  field.focus();
  field.scrollIntoView({ block: 'center' });
}

/**
 * Lists what is wrong with a submission. The markup is shared with the page
 * the server sends when JavaScript is off, so both read the same.
 */
export function ErrorSummary({ errors }: { errors: ContactState['errors'] }) {
  const ref = useRef<HTMLDivElement>(null);
  const hasErrors = errors === ERRORS_TEMPLATE || errors.length > 0;

  useEffect(() => {
    if (hasErrors) ref.current?.focus();
  }, [hasErrors]);

  if (!hasErrors) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} id={ERROR_SUMMARY_ID} ref={ref}>
      <h2>There is a problem</h2>
      {errors === ERRORS_TEMPLATE ? (
        <ul>{ERRORS_SLOT}</ul>
      ) : (
        <ul>
          {errors.map((error, index) => {
            const id = error.field ? FIELD_IDS[error.field] : undefined;
            return (
              <li key={index}>
                {id ? (
                  <a href={`#${id}`} onClick={(event) => focusField(event, id)}>
                    {error.message}
                  </a>
                ) : (
                  error.message
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
