import { expect, it } from 'vitest';
import { isStaff } from './staff';

it('shows the staff area to office, admin, editor and grievance committee accounts only (the server decides again)', () => {
  expect(isStaff({ roles: ['office'] })).toBe(true);
  expect(isStaff({ roles: ['editor'] })).toBe(true);
  expect(isStaff({ roles: ['grievance-committee'] })).toBe(true);
  expect(isStaff({ roles: ['teacher', 'admin'] })).toBe(true);
  expect(isStaff({ roles: ['teacher'] })).toBe(false);
  expect(isStaff({ roles: [] })).toBe(false);
  expect(isStaff({})).toBe(false);
  expect(isStaff(null)).toBe(false);
  expect(isStaff(undefined)).toBe(false);
});
