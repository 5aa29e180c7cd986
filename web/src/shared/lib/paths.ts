/** Drops a trailing slash so that `/about/` and `/about` compare equal. */
export function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
