import { describe, expect, it } from 'vitest';
import { describeError } from './use-fetch';
import { parseUsers, usersUrl } from './users';

describe('users', () => {
  it('asks for a limited list', () => {
    expect(usersUrl('https://jsonplaceholder.typicode.com', 20)).toBe('https://jsonplaceholder.typicode.com/users?_limit=20');
    expect(usersUrl('http://127.0.0.1:9000/api/', 5)).toBe('http://127.0.0.1:9000/api/users?_limit=5');
  });

  it('keeps the id and name of each user', () => {
    const data = [
      { id: 1, name: 'Leanne Graham', username: 'Bret', email: 'x@example.com' },
      { id: 2, name: 'Ervin Howell' },
    ];
    expect(parseUsers(data)).toEqual([
      { id: 1, name: 'Leanne Graham' },
      { id: 2, name: 'Ervin Howell' },
    ]);
    expect(parseUsers([])).toEqual([]);
  });

  it('refuses data without ids or names, such as posts with titles', () => {
    expect(() => parseUsers({ users: [] })).toThrow(/not a list/);
    expect(() => parseUsers([{ id: 1, title: 'sunt aut facere' }])).toThrow(/without an id or a name/);
    expect(() => parseUsers([null])).toThrow(/without an id or a name/);
  });
});

describe('describeError', () => {
  it('tells an unreachable service from other problems', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
    expect(describeError(new Error('the service answered with status 500'))).toBe(
      'Something went wrong: the service answered with status 500.',
    );
    expect(describeError('odd')).toBe('Something went wrong.');
  });
});
