import { userOf, type CurrentUser, type UserBody } from '../../shared/auth/auth-api';
import { post } from '../../shared/lib/api-client';

/** The calls of the sign-in pages (in their chunks, not every page's script). */

export interface Registration {
  readonly displayName: string;
  readonly email: string;
  readonly password: string;
  readonly mobile: string;
}

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

export const signInApi = {
  login: (email: string, password: string, remember: boolean) =>
    post<UserBody>('/api/auth/login', { email, password, remember }).then(signInResultOf),
  /** The second step: a code from the app, or a recovery code. */
  secondStep: (code: string) => post<UserBody>('/api/auth/second-factor', { code }).then(userOf),
  register: (registration: Registration) => post<UserBody>('/api/auth/register', registration).then(userOf),
};
