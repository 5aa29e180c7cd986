import { college } from './college';

/**
 * The texts of the pages the office edits in the staff area, keyed as the server's fields
 * (crates/college-site/src/content/pages/fields.rs), as a fresh installation starts them:
 * the build writes this into `_meta/pages.json`, from which the server makes each page's
 * first revision. The pages show the published text the server puts in their island.
 */
export const startingPageText = {
  home: {
    heading: college.welcome.heading,
    tagline: college.tagline,
    text: college.welcome.text,
    action: college.welcome.action.label,
    coursesHeading: college.coursesHeading,
    coursesIntro: college.coursesIntro,
  },
  about: {
    heading: college.about.heading,
    intro: college.about.intro,
    ...Object.fromEntries(
      college.about.sellingPoints.flatMap((point, index) => [
        [`points.${index}.title`, point.title],
        [`points.${index}.text`, point.text],
      ]),
    ),
    closing: college.about.closing,
    action: college.about.closingAction.label,
  },
  contact: {
    heading: college.contact.heading,
    intro: college.contact.intro,
    detailsHeading: college.contact.detailsHeading,
    address: college.address.lines.join('\n'),
    phone: college.phone,
    email: college.email,
    formHeading: college.contact.formHeading,
  },
  // Not a page: the footer every page ends with. Each column's links are written one per
  // line, their words, a bar, and where they lead (as content/pages/links.rs reads them).
  footer: {
    ...Object.fromEntries(
      college.footer.columns.flatMap((column, index) => [
        [`columns.${index}.heading`, column.heading],
        [`columns.${index}.links`, column.links.map((link) => `${link.label} | ${link.href}`).join('\n')],
      ]),
    ),
    copyrightYears: college.footer.copyrightYears,
  },
} satisfies Record<string, Record<string, string>>;

export type EditablePage = keyof typeof startingPageText;
