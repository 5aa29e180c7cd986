/**
 * This browser's localStorage, or undefined where the visitor has switched it
 * off (reading `window.localStorage` then throws). What the tutorial keeps
 * there is a convenience: without it, work lasts as long as the page.
 */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The keys in this browser's storage that start with `prefix`. */
export function storedKeys(prefix: string): string[] {
  const storage = browserStorage();
  const keys: string[] = [];
  if (!storage) return keys;
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}
