import { post, request } from '../lib/api-client';

/**
 * The typed client of the accounts API. Components call these functions and
 * never `fetch` directly.
 */

export interface CurrentUser {
  readonly uid: string;
  readonly displayName: string | null;
  readonly email: string;
  /** Whether the email has been proved by a link from a mail (or by Google). */
  readonly emailVerified?: boolean;
  /** What the site's operator let the account do besides learning (`teacher`). */
  readonly roles?: readonly string[];
  /** Whether the account signs in in two steps (a code from an authenticator app). */
  readonly secondFactor?: boolean;
  /** A staff account without a second factor: it can reach nothing but the page that sets one up. */
  readonly mustSetUpSecondFactor?: boolean;
}

export interface Registration {
  readonly displayName: string;
  readonly email: string;
  readonly password: string;
  readonly mobile: string;
}

/** The body of the calls that answer with the signed-in user. */
export type UserBody = { readonly user?: CurrentUser | null; readonly secondFactor?: boolean };
export const userOf = ({ user }: UserBody) => user ?? null;

/**
 * What a first step of signing in (password, reset link) ended with: the user,
 * or `secondFactor` when the account asks for its code next, on its own page.
 */
export interface SignInResult {
  readonly user: CurrentUser | null;
  readonly secondFactor: boolean;
}
export const signInResultOf = (body: UserBody): SignInResult => ({
  user: body.user ?? null,
  secondFactor: body.secondFactor === true,
});

export const authApi = {
  session: () => request<UserBody>('/api/auth/session').then(userOf),
  login: (email: string, password: string, remember: boolean) =>
    post<UserBody>('/api/auth/login', { email, password, remember }).then(signInResultOf),
  /** The second step: a code from the app, or a recovery code. */
  secondStep: (code: string) => post<UserBody>('/api/auth/second-factor', { code }).then(userOf),
  register: (registration: Registration) => post<UserBody>('/api/auth/register', registration).then(userOf),
  logout: () => post<UserBody>('/api/auth/logout', {}).then(userOf),
};

/** The name the header shows: the display name, or 'User' when there is none. */
export function shownName(user: CurrentUser): string {
  return user.displayName?.trim() || 'User';
}
