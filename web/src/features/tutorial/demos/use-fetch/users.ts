export interface User {
  readonly id: number;
  readonly name: string;
}

/** The users-list URL of the placeholder-data service. */
export function usersUrl(baseUrl: string, limit: number): string {
  return `${baseUrl.replace(/\/+$/, '')}/users?_limit=${limit}`;
}

/** Reads the users out of the service's JSON; anything else is an error. */
export function parseUsers(data: unknown): User[] {
  if (!Array.isArray(data)) throw new Error('the service sent something that is not a list');
  return data.map((item: unknown) => {
    const { id, name } = (item ?? {}) as Record<string, unknown>;
    if (typeof id !== 'number' || typeof name !== 'string') {
      throw new Error('the service sent a user without an id or a name');
    }
    return { id, name };
  });
}
