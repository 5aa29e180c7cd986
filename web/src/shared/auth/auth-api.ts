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
}

export interface Registration {
  readonly displayName: string;
  readonly email: string;
  readonly password: string;
  readonly mobile: string;
}

/** The body of the calls that answer with the signed-in user. */
export type UserBody = { readonly user?: CurrentUser | null };
export const userOf = ({ user }: UserBody) => user ?? null;

export const authApi = {
  session: () => request<UserBody>('/api/auth/session').then(userOf),
  login: (email: string, password: string, remember: boolean) =>
    post<UserBody>('/api/auth/login', { email, password, remember }).then(userOf),
  register: (registration: Registration) => post<UserBody>('/api/auth/register', registration).then(userOf),
  logout: () => post<UserBody>('/api/auth/logout', {}).then(userOf),
};

/** The name the header shows: the display name, or 'User' when there is none. */
export function shownName(user: CurrentUser): string {
  return user.displayName?.trim() || 'User';
}
