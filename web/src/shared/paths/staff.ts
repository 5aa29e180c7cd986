/**
 * Where the office's pages are, and who may see their link. Held by every page
 * (the router knows the path): the pages' own code is in their chunk, and so are the
 * addresses of the staff area's rooms (staff-rooms.ts).
 */
export const STAFF_PATH = '/staff';

/** Whether the signed-in user holds a role the staff area opens for (the server checks it again on every call). */
export function isStaff(user: { readonly roles?: readonly string[] } | null | undefined): boolean {
  // Every role but a teacher's: the office, an admin, an editor, the grievance committee.
  return user?.roles?.some((role) => role !== 'teacher') === true;
}
