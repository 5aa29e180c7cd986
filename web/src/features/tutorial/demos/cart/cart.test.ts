import { describe, expect, it } from 'vitest';
import { canDecrease, canIncrease, cartTotal, decrease, increase, MAX_QUANTITY, MIN_QUANTITY, UNIT_PRICE } from './cart';

describe('cart', () => {
  it('uses the limits and price of the course notes', () => {
    expect([MIN_QUANTITY, MAX_QUANTITY, UNIT_PRICE]).toEqual([1, 10, 100]);
  });

  it('increases up to 10 and no further', () => {
    expect(increase(1)).toBe(2);
    expect(increase(9)).toBe(10);
    expect(increase(10)).toBe(10);
    expect(canIncrease(9)).toBe(true);
    expect(canIncrease(10)).toBe(false);
  });

  it('decreases down to 1 and no further', () => {
    expect(decrease(10)).toBe(9);
    expect(decrease(2)).toBe(1);
    expect(decrease(1)).toBe(1);
    expect(canDecrease(2)).toBe(true);
    expect(canDecrease(1)).toBe(false);
  });

  it('totals quantity times unit price for every quantity', () => {
    for (let quantity = MIN_QUANTITY; quantity <= MAX_QUANTITY; quantity += 1) {
      expect(cartTotal(quantity)).toBe(quantity * 100);
    }
    expect(cartTotal(3, 250)).toBe(750);
  });

  it('keeps the total in step after each change, never one step behind', () => {
    let quantity = MIN_QUANTITY;
    for (const step of [increase, increase, increase, decrease]) {
      quantity = step(quantity);
      expect(cartTotal(quantity)).toBe(quantity * UNIT_PRICE);
    }
    expect(cartTotal(quantity)).toBe(300);
  });
});
