export interface User {
  readonly name: string;
  readonly age: number;
}

export const defaultUser: User = { name: 'Asha', age: 19 };

/** The same user, a year older. */
export function haveBirthday(user: User): User {
  return { ...user, age: user.age + 1 };
}

/** The same user with a new name; a blank name keeps the old one. */
export function rename(user: User, name: string): User {
  const trimmed = name.trim();
  return trimmed ? { ...user, name: trimmed } : user;
}
