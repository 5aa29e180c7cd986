// The contact page's text and its thanks page's as a new site starts them (the office edits
// the contact page's since). A module of its own, as about.ts: only their chunks carry it.
import { college, type LinkItem } from './college';

export interface ContactText {
  readonly heading: string;
  readonly intro: string;
  readonly detailsHeading: string;
  readonly formHeading: string;
  readonly thanks: { readonly heading: string; readonly text: string; readonly action: LinkItem };
}

export const contactText: ContactText = {
  heading: 'Contact us',
  intro: 'Questions about courses, admissions or a campus visit? Send us a message and we will reply within two working days.',
  detailsHeading: 'Visit or call us',
  formHeading: 'Send us a message',
  thanks: {
    heading: 'Thank you, your message has been sent',
    text: 'We will get back to you within two working days.',
    action: { label: 'Back to the home page', href: '/' },
  },
};

/** The contact page's starting text, keyed as the server's fields (see pages.ts). */
export const startingContactText = () => ({
  heading: contactText.heading,
  intro: contactText.intro,
  detailsHeading: contactText.detailsHeading,
  address: college.address.lines.join('\n'),
  phone: college.phone,
  email: college.email,
  formHeading: contactText.formHeading,
});
