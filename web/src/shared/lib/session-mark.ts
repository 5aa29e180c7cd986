/**
 * A mark of the signed-in session that this page can read, offline too, and
 * that ends when the session's cookie does. The session cookie itself is
 * HttpOnly: no script can see whether it is still there. The tutorial keeps a
 * signed-in student's work in this browser only while this mark names them
 * (student-data.ts), so that the next person at a shared computer, opening the
 * tutorial offline after the student closed the browser without logging out,
 * finds none of it.
 *
 * How long the mark lasts follows the session cookie (see the server's
 * accounts/session/cookies.rs):
 * - Without "Remember me" the session cookie has no expiry: the browser drops
 *   it when it closes. The mark is a cookie with no expiry too, so it ends at
 *   the same moment. sessionStorage would not do: it belongs to one tab, so a
 *   student opening a second tab offline would lose their own work; and a
 *   cookie ends with the whole browser, as the session's does.
 * - With "Remember me" the session outlives the browser: 30 days after
 *   sign-in at most, and ended by the server after 7 days unused. The mark is
 *   set at sign-in to expire with it, and renewed to 7 days from now whenever
 *   the server confirms the session, never past the 30 days.
 * - A session the page did not see begin (signed in with Google, by a reset
 *   link, or before this mark existed) is marked as ending with the browser.
 *   The server does not say whether it was remembered, and erring this way
 *   costs a remembered student only this browser's copy of work their account
 *   holds, never shows anyone else's.
 */

const MARK = 'tutorial-session';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The server's SESSION_LIFETIME_MS and IDLE_TIMEOUT_MS (accounts/session/service.rs). */
const REMEMBERED_FOR_MS = 30 * DAY_MS;
const UNUSED_FOR_MS = 7 * DAY_MS;

interface Mark {
  readonly uid: string;
  /** When a remembered session ends at the latest (ms since the epoch); absent for one that ends with the browser. */
  readonly until?: number;
}

function readMark(): Mark | null {
  if (typeof document === 'undefined') return null;
  const value = document.cookie
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${MARK}=`))
    ?.slice(MARK.length + 1);
  if (!value) return null;
  // Account ids are base64url: they hold no dot.
  const [uid, until] = decodeURIComponent(value).split('.');
  if (!uid) return null;
  const end = Number(until);
  return until !== undefined && Number.isFinite(end) ? { uid, until: end } : { uid };
}

function writeMark(mark: Mark | null) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const attributes = `; Path=/; SameSite=Strict${secure}`;
  if (mark === null) {
    document.cookie = `${MARK}=${attributes}; Max-Age=0`;
    return;
  }
  const value = encodeURIComponent(mark.until === undefined ? mark.uid : `${mark.uid}.${mark.until}`);
  const expires = mark.until === undefined ? '' : `; Expires=${new Date(Math.min(mark.until, Date.now() + UNUSED_FOR_MS)).toUTCString()}`;
  document.cookie = `${MARK}=${value}${attributes}${expires}`;
}

/** The account whose session this browser still holds, as far as it can tell without the server; null when none. */
export function markedSession(): string | null {
  return readMark()?.uid ?? null;
}

/** The server has just confirmed that `uid` is signed in: their mark is set, or a remembered one renewed. */
export function markSession(uid: string) {
  const mark = readMark();
  writeMark(mark?.uid === uid ? mark : { uid });
}

/** `uid` signed in here with "Remember me": the mark lasts as long as that session can. */
export function markRememberedSession(uid: string) {
  writeMark({ uid, until: Date.now() + REMEMBERED_FOR_MS });
}

/** The session ended (logout, expired, or signed out elsewhere). */
export function unmarkSession() {
  if (readMark() !== null) writeMark(null);
}
