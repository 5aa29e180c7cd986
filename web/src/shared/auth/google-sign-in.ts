/**
 * "Login with Google": opens the server's sign-in in a popup, which always
 * lets the user choose an account, and waits for its same-origin message. When
 * the browser blocks the popup, the same flow runs as a full-page redirect.
 */

const MESSAGE_TYPE = 'college-site:google-sign-in';

export interface GoogleOutcome {
  readonly ok: boolean;
  readonly code: string;
  readonly message: string;
}

const GOOGLE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  cancelled: 'Google sign-in was cancelled.',
  'not-configured': 'Google sign-in is not set up on this site.',
  unreachable: 'Google sign-in is unavailable right now. Please try again later.',
  expired: 'The Google sign-in took too long or was already used. Please try again.',
  'email-unverified':
    'Your Google account did not share a verified email address, so it cannot be used to sign in here.',
  unavailable: 'Sign-in is unavailable just now. Please try again in a minute.',
};

/** The outcome's code when Google is done and the account asks for its second factor next. */
export const GOOGLE_SECOND_STEP = 'second-factor';

const GOOGLE_FAILED = 'Google sign-in failed. Please try again.';

/** The message for a code the server reports (a redirect back to /login carries only the code). */
export function googleErrorMessage(code: string): string {
  return GOOGLE_ERROR_MESSAGES[code] ?? GOOGLE_FAILED;
}

function startUrl(mode: 'popup' | 'redirect', returnTo: string): string {
  return `/auth/google/start?mode=${mode}&returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Runs the sign-in. Resolves with the outcome, or with `null` when the user
 * closed the popup; never resolves when it had to redirect the whole page.
 */
export function signInWithGoogle(returnTo: string): Promise<GoogleOutcome | null> {
  const popup = window.open(startUrl('popup', returnTo), 'google-sign-in', 'popup,width=500,height=650');
  if (!popup) {
    window.location.assign(startUrl('redirect', returnTo));
    return new Promise(() => {});
  }
  return new Promise((resolve) => {
    let done = false;
    const finish = (outcome: GoogleOutcome | null) => {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedCheck);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<GoogleOutcome> & { type?: string };
      if (event.origin !== window.location.origin || event.source !== popup || data?.type !== MESSAGE_TYPE) return;
      finish({ ok: data.ok === true, code: data.code ?? '', message: data.message ?? '' });
    };
    // A popup closed by the user sends no message. The popup also closes itself
    // right after posting, so give that message a moment to arrive first.
    const closedCheck = window.setInterval(() => {
      if (popup.closed) {
        window.clearInterval(closedCheck);
        window.setTimeout(() => finish(null), 500);
      }
    }, 400);
    window.addEventListener('message', onMessage);
  });
}
