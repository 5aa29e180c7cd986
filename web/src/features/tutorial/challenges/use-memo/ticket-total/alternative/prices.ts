export type TicketType = 'student' | 'adult';

const PRICES: Record<TicketType, number> = { student: 150, adult: 250 };

let sums = 0;

/**
 * What `count` tickets of one type cost, in rupees. Pretend that this is
 * slow: it counts how often it runs, so that the page can show it.
 */
export function ticketTotal(type: TicketType, count: number): number {
  sums += 1;
  return PRICES[type] * count;
}

/** How many times ticketTotal has run since the page loaded. */
export function totalsWorkedOut(): number {
  return sums;
}
