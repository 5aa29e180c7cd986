/**
 * Where to go after signing in: only a path on this site is accepted, never
 * another origin (`//host`, `/\host`, `https://...`).
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw.length > 512 || raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20)) return '/';
  // Not the sign-in pages themselves (nor a reset link, whose token must not travel on).
  if (raw === '/login' || raw.startsWith('/login?') || raw.startsWith('/login/')) return '/';
  return raw;
}

/** The login link for a visitor now at `path`, so they come back to it. */
export function loginHref(path: string): string {
  const back = safeReturnTo(path);
  return back === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(back)}`;
}
