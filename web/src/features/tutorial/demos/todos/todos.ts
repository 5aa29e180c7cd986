export interface Todo {
  readonly id: number;
  readonly title: string;
  readonly complete: boolean;
}

export const initialTodos: readonly Todo[] = [
  { id: 1, title: 'Read the props lesson', complete: true },
  { id: 2, title: 'Build a counter', complete: false },
  { id: 3, title: 'Try useReducer', complete: false },
];

/** Adds a todo at the end; blank or whitespace-only text changes nothing. */
export function addTodo(todos: readonly Todo[], text: string): readonly Todo[] {
  const title = text.trim();
  if (!title) return todos;
  const id = todos.reduce((max, todo) => Math.max(max, todo.id), 0) + 1;
  return [...todos, { id, title, complete: false }];
}

/** Completes the todo with `id`, or reopens it if it was complete. */
export function toggleTodo(todos: readonly Todo[], id: number): readonly Todo[] {
  return todos.map((todo) => (todo.id === id ? { ...todo, complete: !todo.complete } : todo));
}

export type TodoAction = { type: 'added'; text: string } | { type: 'toggled'; id: number };

export function todosReducer(todos: readonly Todo[], action: TodoAction): readonly Todo[] {
  switch (action.type) {
    case 'added':
      return addTodo(todos, action.text);
    case 'toggled':
      return toggleTodo(todos, action.id);
  }
}
