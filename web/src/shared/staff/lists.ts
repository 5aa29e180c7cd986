/** How the staff pages count and page their lists: figures in words, never colour alone. */

/** One page of a list: `page` is 1-based. */
export interface Paged {
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

const NUMBER = new Intl.NumberFormat('en-GB');

/** "1,234". */
export const formatCount = (count: number) => NUMBER.format(count);

/** "1 message", "3 messages": `count` of `noun`, with its plural as given or with an s. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : plural}`;
}

/** "Showing 51–100 of 1,234", or null for an empty list. */
export function showingRange({ total, page, pageSize }: Paged, shown: number): string | null {
  if (total === 0 || shown === 0) return null;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`;
}

/** How many pages a list of `total` has (at least one). */
export const pageCount = ({ total, pageSize }: Paged) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
