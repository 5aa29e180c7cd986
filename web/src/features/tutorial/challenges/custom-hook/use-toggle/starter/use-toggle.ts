/**
 * A value that is either true or false, starting at `initial`, and a
 * function that flips it. Not finished: the value never changes.
 */
export function useToggle(initial: boolean): [boolean, () => void] {
  const toggle = () => {};
  return [initial, toggle];
}
