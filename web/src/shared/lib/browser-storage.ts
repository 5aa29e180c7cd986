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
