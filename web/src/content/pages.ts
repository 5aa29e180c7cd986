import { college } from './college';

// The texts of the pages the office edits in the staff area, keyed as the server's fields
// (crates/college-site/src/content/pages/fields.rs), as a fresh installation starts them:
// Home's and the footer's here, About's and Contact's beside their texts (about.ts,
// contact.ts), all four in starting-text.ts. Each page passes its own to `pageText`, so that
// a page's chunk carries its text. They are functions: the bundler leaves out a function no
// module of a chunk calls, where it may keep a computed value.

/** The pages whose text the office edits, and the footer. */
export type EditablePage = 'home' | 'about' | 'contact' | 'footer';

export const startingHomeText = () => ({
  heading: college.welcome.heading,
  tagline: college.tagline,
  text: college.welcome.text,
  action: college.welcome.action.label,
  coursesHeading: college.coursesHeading,
  coursesIntro: college.coursesIntro,
});

/**
 * Not a page: the footer every page ends with. Each column's links are written one per
 * line, their words, a bar, and where they lead (as content/pages/links.rs reads them).
 */
export const startingFooterText = (): Record<string, string> => ({
  ...Object.fromEntries(
    college.footer.columns.flatMap((column, index) => [
      [`columns.${index}.heading`, column.heading],
      [`columns.${index}.links`, column.links.map((link) => `${link.label} | ${link.href}`).join('\n')],
    ]),
  ),
  copyrightYears: college.footer.copyrightYears,
});
