// The benches measure pages as their visitors see them: /account, /account/two-step, /join, /teach
// and /staff are for signed-in users only (signed out, they send the visitor to /login), so they
// measure them with the session of a throwaway account they register on the measured site; /staff
// and /teach, given the server's command line, with the session of an account holding the role the
// page is for (office, teacher; two-step sign-in on, as staff have it).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { request } from '@playwright/test';
import { setUpSecondFactor } from './second-factor.mjs';

/** The pages measured signed in. */
export const SIGNED_IN_ROUTES = new Set(['/account', '/account/two-step', '/join', '/teach', '/staff']);

/** The pages measured with the role they are for, when the server's command line is at hand. */
export const ROLE_ROUTES = new Map([
  ['/staff', 'office'],
  ['/teach', 'teacher'],
]);

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

/**
 * The `session=…` cookie of a new account with `role` on the site at `base`: registered, given the
 * role by the server's `roles grant` command on `database`, with two-step sign-in set up first,
 * as staff must have it (its session then outlives the grant).
 */
export async function roleSession(base, serverBin, database, role) {
  const api = await request.newContext();
  try {
    const email = `bench-${role}-${Date.now()}@example.com`;
    const password = `bench-${crypto.randomUUID()}`;
    const registered = await api.post(new URL('/api/auth/register', base).href, {
      headers: { origin: base.origin },
      data: { displayName: `Bench ${role}`, email, password, mobile: '+91 98765 43210' },
    });
    if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
    await setUpSecondFactor(api, base, password);
    await promisify(execFile)(serverBin, ['roles', 'grant', email, role, '--database', database]);
    const { cookies } = await api.storageState();
    const session = cookies.find((cookie) => cookie.name === 'session');
    if (!session) throw new Error('no session after setting up two-step sign-in');
    return `session=${session.value}`;
  } finally {
    await api.dispose();
  }
}
