// The benches measure pages as their visitors see them: /account, /join, /teach and /staff are for
// signed-in users only (signed out, the server answers a redirect to /login), so they measure them
// with the session of a throwaway account they register on the measured site.

/** The pages measured signed in. */
export const SIGNED_IN_ROUTES = new Set(['/account', '/join', '/teach', '/staff']);

/**
 * The `session=…` cookie of a new account on the site at `base`, or null where there is none to
 * be had (a static server of the built app).
 */
export async function benchSession(base) {
  const response = await fetch(new URL('/api/auth/register', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base.origin },
    body: JSON.stringify({
      displayName: 'Bench Student',
      email: `bench-${Date.now()}@example.com`,
      password: `bench-${crypto.randomUUID()}`,
      mobile: '+91 98765 43210',
    }),
  }).catch(() => null);
  const cookie = response?.ok ? /^session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] : undefined;
  return cookie ?? null;
}
