/**
 * The account page's sections, in order, as the links at its top name them. The links come in
 * the page's first HTML, before the account has loaded: the page's frame paints at once, and
 * someone who came to end a session or delete the account goes straight there.
 */
export const ACCOUNT_SECTIONS = {
  profile: { id: 'profile', title: 'Profile' },
  email: { id: 'email', title: 'Email address' },
  password: { id: 'password', title: 'Password' },
  twoStep: { id: 'two-step', title: 'Two-step sign-in and passkeys' },
  sessions: { id: 'sessions', title: 'Where you are signed in' },
  // The join feature's section (YOUR_CLASSES_ID in features/join/membership.tsx).
  classes: { id: 'classes', title: 'Your classes' },
  grievances: { id: 'grievances', title: 'Grievances' },
  data: { id: 'data', title: 'Your data' },
  delete: { id: 'delete', title: 'Delete your account' },
} as const;

/** Links to each section; one paragraph, so that it wraps as text does on a phone. */
export function AccountContents() {
  const sections = Object.values(ACCOUNT_SECTIONS);
  return (
    <nav className="account-page__contents" aria-label="Sections of your account">
      <p>
        {sections.map((section, index) => (
          <span key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
            {index < sections.length - 1 && <span aria-hidden="true"> · </span>}
          </span>
        ))}
      </p>
    </nav>
  );
}
