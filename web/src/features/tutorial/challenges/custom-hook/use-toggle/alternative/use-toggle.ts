import { useReducer } from 'react';

/** Another correct answer: a reducer whose only rule is "flip it". */
export function useToggle(initial: boolean): [boolean, () => void] {
  const [value, flip] = useReducer((current: boolean) => !current, initial);
  return [value, () => flip()];
}
