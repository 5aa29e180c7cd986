import { useId, useReducer, useState, type FormEvent } from 'react';

export interface Item {
  id: number;
  name: string;
}

export type ListAction = { type: 'added'; name: string } | { type: 'removed'; id: number };

/** The list to start with: a new array each time, so that each list starts the same. */
function startingItems(): Item[] {
  return [
    { id: 1, name: 'Milk' },
    { id: 2, name: 'Bread' },
    { id: 3, name: 'Apples' },
  ];
}

// Exported so that it can be tested on its own, like any reducer.
export function listReducer(items: Item[], action: ListAction): Item[] {
  switch (action.type) {
    case 'added': {
      const name = action.name.trim();
      if (!name) return items;
      const id = Math.max(0, ...items.map((item) => item.id)) + 1;
      return items.concat({ id, name });
    }
    case 'removed': {
      // Another correct answer: copy the items before and after the one to remove.
      const index = items.findIndex((item) => item.id === action.id);
      if (index === -1) return items;
      return [...items.slice(0, index), ...items.slice(index + 1)];
    }
  }
}

export function ShoppingList() {
  // The third argument makes the starting list when the component first appears.
  const [items, dispatch] = useReducer(listReducer, undefined, startingItems);
  const [name, setName] = useState('');
  const inputId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'added', name });
    setName('');
  }

  return (
    <div className="demo-stack">
      <form className="demo-row" onSubmit={handleSubmit}>
        <label htmlFor={inputId}>Item</label>
        <input id={inputId} value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="demo-button">
          Add
        </button>
      </form>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {item.name}{' '}
            <button
              type="button"
              className="demo-button demo-button--secondary"
              onClick={() => dispatch({ type: 'removed', id: item.id })}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <p aria-live="polite">{items.length} on the list</p>
    </div>
  );
}
