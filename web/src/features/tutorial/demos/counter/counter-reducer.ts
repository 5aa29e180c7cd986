export type CounterAction = { type: 'incremented' } | { type: 'decremented' } | { type: 'reset' };

/** Given the current count and what happened, returns the next count. */
export function counterReducer(count: number, action: CounterAction): number {
  switch (action.type) {
    case 'incremented':
      return count + 1;
    case 'decremented':
      return count - 1;
    case 'reset':
      return 0;
  }
}
