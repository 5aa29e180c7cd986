/**
 * Where the office's pages are, and who may see their link. Held by every page
 * (the router knows the path): the pages' own code is in their chunk.
 */
export const STAFF_PATH = '/staff';

/** The editors' notices, a room of the staff area. */
export const STAFF_NOTICES_PATH = `${STAFF_PATH}/notices`;

/** The editors' pages (Home, About, Contact), another room. */
export const STAFF_PAGES_PATH = `${STAFF_PATH}/pages`;

/** The editors' courses, another room. */
export const STAFF_COURSES_PATH = `${STAFF_PATH}/courses`;

/** The mandatory disclosure's checklist and items, another room. */
export const STAFF_DISCLOSURE_PATH = `${STAFF_PATH}/disclosure`;

/** The faculty and staff directory (people on the website, not accounts), another room. */
export const STAFF_DIRECTORY_PATH = `${STAFF_PATH}/directory`;

/** Whether the signed-in user holds a role the staff area opens for (the server checks it again on every call). */
export function isStaff(user: { readonly roles?: readonly string[] } | null | undefined): boolean {
  return user?.roles?.some((role) => role === 'office' || role === 'admin' || role === 'editor') === true;
}
