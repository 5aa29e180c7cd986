/**
 * Where a teacher's pages are, and who may see their link. Held by every page
 * (the header's menu links here): the pages' own code is in their chunk.
 */
export const TEACH_PATH = '/teach';

/** Whether the signed-in user holds the teacher role (the server checks it again on every call). */
export function isTeacher(user: { readonly roles?: readonly string[] } | null | undefined): boolean {
  return user?.roles?.includes('teacher') === true;
}

/**
 * The prerendered page the server answers a class's page with, and /teach for an account without
 * the teacher role (crates/college-site/src/classes/teach_pages.rs): it waits for the session,
 * where a teacher's /teach paints the frame of their classes at once.
 */
export const TEACH_WAITING_SHELL = `${TEACH_PATH}/_waiting`;
