import { describe, expect, it } from 'vitest';
import { defaultUser, haveBirthday, rename } from './user';

describe('user', () => {
  it('ages by one year without changing the original', () => {
    expect(haveBirthday(defaultUser)).toEqual({ name: 'Asha', age: 20 });
    expect(defaultUser.age).toBe(19);
  });

  it('renames, keeping the old name for blank input', () => {
    expect(rename(defaultUser, ' Ravi ')).toEqual({ name: 'Ravi', age: 19 });
    expect(rename(defaultUser, '   ')).toBe(defaultUser);
  });
});
