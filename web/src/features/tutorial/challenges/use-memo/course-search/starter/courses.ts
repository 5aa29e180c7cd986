export const courses = [
  'Biology',
  'Chemistry',
  'Physics',
  'Mathematics',
  'Computer Science',
  'Economics',
  'English Literature',
  'History',
];

let searches = 0;

/**
 * The courses whose name contains `query`, ignoring capitals. Pretend that
 * this is slow: it counts how often it runs, so that the page can show it.
 */
export function searchCourses(query: string): string[] {
  searches += 1;
  const wanted = query.trim().toLowerCase();
  return courses.filter((course) => course.toLowerCase().includes(wanted));
}

/** How many times searchCourses has run since the page loaded. */
export function searchCount(): number {
  return searches;
}
