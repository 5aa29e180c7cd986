import { expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time';

it('reads back the time a field shows, and nothing from an empty or odd one', () => {
  const at = new Date(2026, 11, 1, 9, 30).getTime();
  expect(toLocalInput(at)).toBe('2026-12-01T09:30');
  expect(fromLocalInput('2026-12-01T09:30')).toBe(at);
  expect(fromLocalInput('')).toBeNull();
  expect(fromLocalInput('tomorrow')).toBeNull();
});
