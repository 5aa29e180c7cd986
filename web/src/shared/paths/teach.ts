/**
 * Where a teacher's pages are, and who may see their link. Held by every page
 * (the header's menu links here): the pages' own code is in their chunk.
 */
export const TEACH_PATH = '/teach';

/** Whether the signed-in user holds the teacher role (the server checks it again on every call). */
export function isTeacher(user: { readonly roles?: readonly string[] } | null | undefined): boolean {
  return user?.roles?.includes('teacher') === true;
}
