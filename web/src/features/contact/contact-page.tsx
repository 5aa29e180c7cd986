import { college } from '../../content/college';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { ContactForm } from './contact-form';
import { ERRORS_TEMPLATE, useContactState } from './contact-state';
import { ErrorSummary } from './error-summary';

export function ContactPage() {
  const state = useContactState();
  const hasErrors = !!state && (state.errors === ERRORS_TEMPLATE || state.errors.length > 0);
  usePageMeta(college.pages.contact, hasErrors ? 'Error: ' : '');
  const { contact } = college;

  return (
    <div className="section container">
      <h1>{contact.heading}</h1>
      <p className="lead">{contact.intro}</p>
      <div className="contact-layout">
        <section className="contact-details card" id="visit" aria-labelledby="contact-details-heading">
          <h2 id="contact-details-heading">{contact.detailsHeading}</h2>
          <address>
            <p className="contact-details__address">
              {college.name}
              {college.address.lines.map((line) => (
                <span key={line}>
                  <br />
                  {line}
                </span>
              ))}
            </p>
            <dl className="contact-details__list">
              <dt>Phone</dt>
              <dd>
                <a href={college.phone.href}>{college.phone.display}</a>
              </dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${college.email}`}>{college.email}</a>
              </dd>
            </dl>
          </address>
        </section>
        <section className="contact-form-section" aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading">{contact.formHeading}</h2>
          {state ? <ErrorSummary errors={state.errors} /> : null}
          <ContactForm state={state} />
        </section>
      </div>
    </div>
  );
}
