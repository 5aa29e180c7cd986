import { college } from '../../content/college';
import { startingContactText } from '../../content/contact';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { editMark, pageText, telHref } from '../../shared/lib/page-text';
import { ContactForm } from './contact-form';
import { ERRORS_TEMPLATE, useContactState } from './contact-state';
import { ErrorSummary } from './error-summary';

export default function ContactPage() {
  const state = useContactState();
  const hasErrors = !!state && (state.errors === ERRORS_TEMPLATE || state.errors.length > 0);
  usePageMeta(college.pages.contact, hasErrors ? 'Error: ' : '');
  const text = pageText('contact', startingContactText());
  const mark = (field: keyof typeof text) => editMark('contact', field);

  return (
    <div className="section container">
      <h1 {...mark('heading')}>{text.heading}</h1>
      <p className="lead" {...mark('intro')}>
        {text.intro}
      </p>
      <div className="contact-layout">
        <section className="contact-details card" id="visit" aria-labelledby="contact-details-heading">
          <h2 id="contact-details-heading" {...mark('detailsHeading')}>
            {text.detailsHeading}
          </h2>
          <address>
            <p className="contact-details__address">
              {college.name}
              <br />
              <span {...mark('address')}>
                {text.address.split('\n').flatMap((line, index) => (index > 0 ? [<br key={index} />, line] : [line]))}
              </span>
            </p>
            <dl className="contact-details__list">
              <dt>Phone</dt>
              <dd>
                <a href={telHref(text.phone)} {...mark('phone')}>
                  {text.phone}
                </a>
              </dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${text.email}`} {...mark('email')}>
                  {text.email}
                </a>
              </dd>
            </dl>
          </address>
        </section>
        <section className="contact-form-section" aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" {...mark('formHeading')}>
            {text.formHeading}
          </h2>
          {state ? <ErrorSummary errors={state.errors} /> : null}
          <ContactForm state={state} />
        </section>
      </div>
    </div>
  );
}
