/** A time as a `datetime-local` field holds it ("2026-12-01T09:30", in this computer's zone), and back. */

export function toLocalInput(ms: number): string {
  const at = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The time a field holds, or null when it holds none. */
export function fromLocalInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** "India Standard Time": the zone the fields are in, in words. */
export function timeZoneName(): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'long' }).formatToParts(new Date()).find(({ type }) => type === 'timeZoneName');
  return part?.value ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
