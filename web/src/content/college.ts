/**
 * Every piece of college-specific text on the site, with About's and the contact
 * page's in about.ts and contact.ts (so that only their pages' scripts carry them).
 * A college rebrands the site by editing these files only; components never
 * hard-code these strings.
 */

export interface PageTitle {
  /** Page name; the document title adds the college name. */
  readonly title: string;
}

/** What a page's prerendered HTML says of it: its title and its description. */
export interface PageMeta extends PageTitle {
  readonly description: string;
}

export interface LinkItem {
  readonly label: string;
  readonly href: string;
}

export interface Course {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly duration: string;
  readonly description: string;
  readonly action: LinkItem;
}

export interface SellingPoint {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

export interface FooterColumn {
  readonly heading: string;
  readonly links: readonly LinkItem[];
}

export interface College {
  readonly name: string;
  readonly shortName: string;
  readonly tagline: string;
  readonly address: { readonly lines: readonly string[] };
  /** As people read it; the link to call it is made from its digits (telHref). */
  readonly phone: string;
  readonly email: string;
  readonly welcome: { readonly heading: string; readonly text: string; readonly action: LinkItem };
  readonly coursesHeading: string;
  readonly coursesIntro: string;
  readonly notFound: { readonly heading: string; readonly text: string; readonly action: LinkItem };
  readonly nav: readonly LinkItem[];
  readonly login: LinkItem;
  readonly footer: { readonly columns: readonly FooterColumn[]; readonly copyrightYears: string };
  readonly pages: {
    readonly home: PageTitle;
    readonly about: PageTitle;
    readonly contact: PageTitle;
    readonly contactThanks: PageTitle;
    readonly join: PageTitle;
    readonly teach: PageTitle;
    readonly notFound: PageTitle;
  };
}

export const college: College = {
  name: 'Riverside College of Commerce & Computing',
  shortName: 'Riverside College',
  tagline: 'Practical degrees in business and computing, taught by people who care.',
  address: {
    lines: ['14 Riverbank Road', 'Alkapuri', 'Vadodara 390 007', 'Gujarat, India'],
  },
  phone: '+91 265 245 8900',
  email: 'admissions@riverside-college.example',

  welcome: {
    heading: 'Welcome to Riverside College',
    text: 'Small classes, experienced teachers and strong links with local industry. Start your degree in commerce, business administration or computer applications with us.',
    action: { label: 'Get Started', href: '/react' },
  },

  coursesHeading: 'Our courses',
  coursesIntro: 'Three-year undergraduate programmes with admissions open for the coming academic year.',

  notFound: {
    heading: 'Error404 Page',
    text: 'Sorry, we could not find the page you were looking for.',
    action: { label: 'Go to the home page', href: '/' },
  },

  nav: [
    { label: 'Home', href: '/' },
    { label: 'Contact', href: '/contact' },
    { label: 'About', href: '/about' },
    { label: 'React', href: '/react' },
  ],
  login: { label: 'Login', href: '/login' },

  footer: {
    columns: [
      {
        heading: 'Features',
        links: [
          { label: 'Courses', href: '/#courses' },
          { label: 'Experienced faculty', href: '/people' },
          { label: 'Placement assistance', href: '/about#placement-assistance' },
        ],
      },
      {
        heading: 'Resources',
        links: [
          { label: 'React tutorial', href: '/react' },
          { label: 'Admissions enquiry', href: '/contact' },
          { label: 'Find the campus', href: '/contact#visit' },
          { label: 'Notices', href: '/notices' },
        ],
      },
      {
        heading: 'Pages',
        links: [
          { label: 'Home', href: '/' },
          { label: 'About', href: '/about' },
          { label: 'Contact', href: '/contact' },
          { label: 'Login', href: '/login' },
        ],
      },
    ],
    copyrightYears: '2017-2021',
  },

  pages: {
    home: { title: 'Home' },
    about: { title: 'About us' },
    contact: { title: 'Contact us' },
    contactThanks: { title: 'Message sent' },
    join: { title: 'Join a class' },
    teach: { title: 'Classes you teach' },
    notFound: { title: 'Page not found' },
  },
};

/**
 * Each page's description in its prerendered HTML, by its path ('404' for the page of
 * unknown addresses). Only the prerender step reads them: search engines and link previews
 * read a page's own HTML, so the app leaves the description as the page loaded it.
 */
export const pageDescriptions: Readonly<Record<string, string>> = {
  '/': 'Riverside College of Commerce & Computing offers BCom, BBA and BCA degrees with small classes, experienced faculty and placement support.',
  '/about': 'Why students choose Riverside College: experienced faculty, modern facilities, industry exposure, holistic development and placement assistance.',
  '/contact': 'Send Riverside College a message, or find our address, phone number and email.',
  '/contact/thanks': 'Thank you for contacting Riverside College of Commerce & Computing.',
  '/join': 'Join your teacher\'s class, and see first what your teacher will see.',
  '/teach': 'Your classes, their join codes, and your students’ progress in the React tutorial.',
  '404': 'The page you were looking for does not exist.',
};

/**
 * The titles and descriptions of the pages that have a chunk of their own (see
 * lazyPage) and leave the document's title as the prerendered HTML has it,
 * keyed by chunk. Only the prerender step reads them, so the bundle that every
 * page loads does not carry them.
 */
export const chunkPagesMeta: Readonly<Record<string, PageMeta>> = {
  login: {
    title: 'Login or register',
    description: 'Sign in to Riverside College with your email and password or with Google, or create an account.',
  },
  'forgot-password': {
    title: 'Forgot your password?',
    description: 'Get a link by mail to choose a new password for your Riverside College account.',
  },
  'reset-password': {
    title: 'Choose a new password',
    description: 'Choose a new password for your Riverside College account.',
  },
  'second-factor': {
    title: 'Two-step sign-in',
    description: 'The second step of signing in to Riverside College: a code from your authenticator app, or a recovery code.',
  },
  'two-step': {
    title: 'Two-step sign-in',
    description: 'Set up or manage two-step sign-in for your Riverside College account: an authenticator app and recovery codes.',
  },
  account: {
    title: 'Your account',
    description: 'Your Riverside College account: profile, email, password, sessions, classes, your data and deleting the account.',
  },
  'verify-email': {
    title: 'Verify your email',
    description: 'Verify the email address of your Riverside College account.',
  },
  // Titled as the staff pages' own STAFF_META (shared/staff/staff-meta.ts).
  staff: {
    title: 'Staff area',
    description: 'The college office’s inbox of contact messages, the editors’ notices and pages, and for administrators people, roles, the audit log and mail health.',
  },
};
