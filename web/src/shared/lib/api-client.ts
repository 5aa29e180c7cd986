/**
 * The one way the app talks to its server's JSON API: same-origin requests,
 * JSON bodies, and errors the server explained turned into [`ApiError`]s.
 * Feature clients (accounts, tutorial progress) are built on it; components
 * never call `fetch` directly.
 */

/** An error the server explained: `code` is stable, `message` is for people. */
export class ApiError extends Error {
  // Declared, not defined, fields: assigned in the constructor, so the build needs no
  // defineProperty helper (a chunk of its own that every page would load).
  declare readonly code: string;
  declare readonly field: string | null;
  declare readonly retryAfter: number | null;

  constructor(code: string, message: string, field: string | null = null, retryAfter: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
  }
}

const UNREACHABLE = new ApiError(
  'network',
  'Cannot reach the college website. Check your connection and try again.',
);

interface ErrorBody {
  readonly error?: { code?: string; message?: string; field?: string | null; retryAfter?: number | null };
}

/** Sends a request to the server's API; answers its JSON body, or throws what it explained. */
export async function request<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      // JSON unless the body is a file (an editor's upload), which goes as it is.
      headers: typeof init?.body == 'string' ? { 'Content-Type': 'application/json' } : undefined,
    });
  } catch {
    throw UNREACHABLE;
  }
  const body = (await response.json().catch(() => ({}))) as ErrorBody & T;
  if (!response.ok) {
    const error = body.error ?? {};
    throw new ApiError(
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

