/** The notices the college office publishes: pages the server renders, not the app. */
export const NOTICES_PATH = '/notices';

/**
 * True for a path whose page the server renders with the office's latest text (the notices).
 * A link to one is a plain page load: the app has no copy of that text to show.
 */
export function isServerRenderedPath(href: string): boolean {
  const path = href.split(/[?#]/)[0] ?? '';
  return path === NOTICES_PATH || path.startsWith(`${NOTICES_PATH}/`);
}
