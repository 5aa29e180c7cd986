import { post, request } from '../../../shared/lib/api-client';

/**
 * The typed client of the account page's API (`/api/account/...`), kept in
 * the page's own chunk.
 */

export interface AccountRecord {
  readonly uid: string;
  readonly displayName: string | null;
  readonly email: string;
  readonly mobile: string | null;
  readonly memberSince: number;
  readonly emailVerified: boolean;
  readonly emailVerifiedAt: number | null;
  /** A new address waiting for its link to be opened. */
  readonly pendingEmail: string | null;
  readonly signInMethods: { readonly password: boolean; readonly google: boolean };
  /** Seconds left in which this session counts as a recent sign-in (0: not recent). */
  readonly recentSignInSeconds: number;
}

export interface SessionRecord {
  readonly id: string;
  readonly browser: string;
  readonly system: string;
  readonly signedInAt: number;
  readonly lastUsedAt: number;
  readonly remembered: boolean;
  readonly current: boolean;
}

export interface AccountOverview {
  readonly account: AccountRecord;
  readonly sessions: readonly SessionRecord[];
}

interface SessionsBody {
  readonly sessions: readonly SessionRecord[];
  readonly signedOut?: boolean;
}

/** The file "Download my data" saves: a plain link, so the browser downloads it. */
export const DATA_DOWNLOAD_PATH = '/api/account/data';

export const accountApi = {
  overview: () => request<AccountOverview>('/api/account'),
  updateProfile: (displayName: string, mobile: string) =>
    post<{ account: AccountRecord }>('/api/account/profile', { displayName, mobile }).then(({ account }) => account),
  changeEmail: (newEmail: string, password: string, code?: string) =>
    post<{ message: string; pendingEmail: string }>('/api/account/email', { newEmail, password, code }),
  resendVerification: () => post<{ message: string }>('/api/account/email/resend', {}).then(({ message }) => message),
  changePassword: (currentPassword: string, newPassword: string, code?: string) =>
    post<AccountOverview>('/api/account/password', { currentPassword, newPassword, code }),
  endSession: (id: string) => post<SessionsBody>('/api/account/sessions/end', { id }),
  endOtherSessions: () => post<SessionsBody>('/api/account/sessions/end-others', {}).then(({ sessions }) => sessions),
  deleteAccount: (password: string, code?: string) =>
    post<{ user: null }>('/api/account/delete', { password, code }).then(() => {}),
  verifyEmail: (token: string) => post<{ email: string; changed: boolean }>('/api/auth/verify-email', { token }),
};
