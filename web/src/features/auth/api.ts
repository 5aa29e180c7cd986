/**
 * The typed client of the accounts API. Components call these functions and
 * never `fetch` directly.
 */

export interface CurrentUser {
  readonly uid: string;
  readonly displayName: string | null;
  readonly email: string;
}

export interface Registration {
  readonly displayName: string;
  readonly email: string;
  readonly password: string;
  readonly mobile: string;
}

/** An error the server explained: `code` is stable, `message` is for people. */
export class AuthApiError extends Error {
  readonly code: string;
  readonly field: string | null;
  readonly retryAfter: number | null;

  constructor(code: string, message: string, field: string | null = null, retryAfter: number | null = null) {
    super(message);
    this.name = 'AuthApiError';
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
  }
}

const UNREACHABLE = new AuthApiError(
  'network',
  'Cannot reach the college website. Check your connection and try again.',
);

interface ErrorBody {
  readonly error?: { code?: string; message?: string; field?: string | null; retryAfter?: number | null };
}

/** Sends a request to the accounts API; answers its JSON body, or throws what it explained. */
export async function request<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: init?.body ? { 'Content-Type': 'application/json' } : undefined,
    });
  } catch {
    throw UNREACHABLE;
  }
  const body = (await response.json().catch(() => ({}))) as ErrorBody & T;
  if (!response.ok) {
    const error = body.error ?? {};
    throw new AuthApiError(
      error.code ?? `http-${response.status}`,
      error.message ?? `The server answered ${response.status}. Please try again.`,
      error.field ?? null,
      error.retryAfter ?? null,
    );
  }
  return body;
}

/** POSTs `body` as JSON. */
export function post<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, { method: 'POST', body: JSON.stringify(body) });
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
