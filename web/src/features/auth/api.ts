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

async function call(path: string, init?: RequestInit): Promise<CurrentUser | null> {
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
  const body = (await response.json().catch(() => ({}))) as ErrorBody & { user?: CurrentUser | null };
  if (!response.ok) {
    const error = body.error ?? {};
    throw new AuthApiError(
      error.code ?? `http-${response.status}`,
      error.message ?? `The server answered ${response.status}. Please try again.`,
      error.field ?? null,
      error.retryAfter ?? null,
    );
  }
  return body.user ?? null;
}

function post(path: string, body: unknown) {
  return call(path, { method: 'POST', body: JSON.stringify(body) });
}

export const authApi = {
  session: () => call('/api/auth/session'),
  login: (email: string, password: string, remember: boolean) =>
    post('/api/auth/login', { email, password, remember }),
  register: (registration: Registration) => post('/api/auth/register', registration),
  logout: () => post('/api/auth/logout', {}),
};

/** The name the header shows: the display name, or 'User' when there is none. */
export function shownName(user: CurrentUser): string {
  return user.displayName?.trim() || 'User';
}
