/** Dates and times as the pages write them (Indian English: day before month). */

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "15 January 2026". */
export function formatDate(ms: number): string {
  return DATE.format(ms);
}

/** "15 Jan 2026, 14:05". */
export function formatDateTime(ms: number): string {
  return DATE_TIME.format(ms);
}

/** "just now", "5 minutes ago", "3 hours ago", else the date and time. */
export function describeWhen(ms: number, now: number): string {
  const minutes = Math.floor((now - ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  return formatDateTime(ms);
}
