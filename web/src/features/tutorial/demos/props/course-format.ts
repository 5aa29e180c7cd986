/** "1 hr", "3 hrs". */
export function formatHours(hours: number): string {
  return `${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
}

/** "2000 INR": the amount as it is, then the currency. */
export function formatPrice(amount: number, currency = 'INR'): string {
  return `${amount} ${currency}`;
}
