import { JOIN_PATH } from '../../shared/paths/join';

/**
 * Join codes as the server reads them (`JoinCode::parse` in
 * crates/college-site/src/classes/domain.rs): 8 characters from an alphabet
 * without look-alikes; a student may type them in any case, with spaces or
 * dashes between the characters.
 */
export const JOIN_CODE_LENGTH = 8;
const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The code as typed, in upper case without spaces and dashes. */
export function normalizeJoinCode(raw: string): string {
  return raw.replace(/[ -]/g, '').toUpperCase();
}

/** Whether a normalised code can be a code at all (else no lookup is worth making). */
export function isWellFormedJoinCode(code: string): boolean {
  return code.length === JOIN_CODE_LENGTH && [...code].every((c) => JOIN_CODE_ALPHABET.includes(c));
}

/** The page that shows the class a code opens. */
export function joinPath(code: string): string {
  return `${JOIN_PATH}/${encodeURIComponent(code)}`;
}

/**
 * The code in a join link's path (`/join/k7mx-q3pr` → `K7MXQ3PR`), or null on
 * /join itself. Whatever follows /join/ counts, so a broken link is still
 * recognised as one.
 */
export function joinCodeOfPath(path: string): string | null {
  const rest = path.startsWith(`${JOIN_PATH}/`) ? path.slice(JOIN_PATH.length + 1).replace(/\/$/, '') : '';
  if (!rest) return null;
  let decoded = rest;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    // A malformed escape: kept as it is, and the server says the link does not work.
  }
  return normalizeJoinCode(decoded);
}
