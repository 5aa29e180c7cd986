import { describe, expect, it } from 'vitest';
import { counterReducer } from './counter-reducer';

describe('counterReducer', () => {
  it('counts up and down, below zero too', () => {
    expect(counterReducer(0, { type: 'incremented' })).toBe(1);
    expect(counterReducer(1, { type: 'decremented' })).toBe(0);
    expect(counterReducer(0, { type: 'decremented' })).toBe(-1);
  });

  it('resets to zero from anywhere', () => {
    expect(counterReducer(7, { type: 'reset' })).toBe(0);
    expect(counterReducer(-3, { type: 'reset' })).toBe(0);
  });
});
