import { post } from '../../shared/lib/api-client';
import type { UserBody } from '../../shared/auth/auth-api';
import { signInResultOf } from './sign-in-api';

/**
 * "Forgot your password?": the calls of the two reset pages, kept out of the
 * shared bundle.
 */
export const passwordResetApi = {
  /** Asks for a link by mail; answers what to tell the user, the same for any email. */
  requestLink: (email: string) =>
    post<{ message: string }>('/api/auth/password-reset', { email }).then(({ message }) => message),
  /** Resolves while the link with this token can be used; else throws why not. */
  checkLink: (token: string) => post<{ valid: true }>('/api/auth/password-reset/check', { token }).then(() => {}),
  /** Sets the new password; the user is then signed in, or asked for their second factor. */
  resetPassword: (token: string, password: string) =>
    post<UserBody>('/api/auth/password-reset/confirm', { token, password }).then(signInResultOf),
};
