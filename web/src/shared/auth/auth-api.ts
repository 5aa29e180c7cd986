import { post, request } from '../lib/api-client';

/**
 * The typed client of the accounts API that every page needs (the session,
 * logging out). Components call these functions and never `fetch` directly;
 * the calls of the sign-in pages are in features/auth/sign-in-api.ts, with them.
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

/** The body of the calls that answer with the signed-in user. */
export type UserBody = { readonly user?: CurrentUser | null; readonly secondFactor?: boolean };
export const userOf = ({ user }: UserBody) => user ?? null;

export const authApi = {
  session: () => request<UserBody>('/api/auth/session').then(userOf),
  logout: () => post<UserBody>('/api/auth/logout', {}).then(userOf),
};

/** The name the header shows: the display name, or 'User' when there is none. */
export function shownName(user: CurrentUser): string {
  return user.displayName?.trim() || 'User';
}
