/**
 * The notices, the courses, the mandatory disclosure and the people the college office publishes: pages the
 * server renders, not the app. A link to one is a plain page load (see AppLink): the app has no
 * copy of that text to show.
 */
export const NOTICES_PATH = '/notices';
export const COURSES_PATH = '/courses';
export const DISCLOSURE_PATH = '/disclosure';
export const PEOPLE_PATH = '/people';
/** A student's grievances, and filing one: pages the server renders for their student only. */
export const GRIEVANCES_PATH = '/grievances';
/** The site's search: a page the server renders for each query, a form that works without JavaScript. */
export const SEARCH_PATH = '/search';
