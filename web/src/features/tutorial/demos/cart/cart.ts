export const UNIT_PRICE = 100;
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

export const canIncrease = (quantity: number) => quantity < MAX_QUANTITY;
export const canDecrease = (quantity: number) => quantity > MIN_QUANTITY;

/** One more, but never above the maximum. */
export function increase(quantity: number): number {
  return Math.min(quantity + 1, MAX_QUANTITY);
}

/** One fewer, but never below the minimum. */
export function decrease(quantity: number): number {
  return Math.max(quantity - 1, MIN_QUANTITY);
}

/** The total is worked out from the quantity, never stored beside it. */
export function cartTotal(quantity: number, unitPrice = UNIT_PRICE): number {
  return quantity * unitPrice;
}
