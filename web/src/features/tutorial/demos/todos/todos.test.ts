import { describe, expect, it } from 'vitest';
import { addTodo, initialTodos, toggleTodo, todosReducer, type Todo } from './todos';

describe('todos', () => {
  it('adds a trimmed todo with a fresh id, open', () => {
    const todos = addTodo(initialTodos, '  Write a custom hook ');
    expect(todos).toHaveLength(4);
    expect(todos[3]).toEqual({ id: 4, title: 'Write a custom hook', complete: false });
    expect(initialTodos).toHaveLength(3);
  });

  it('ignores blank or whitespace-only text', () => {
    for (const text of ['', ' ', '\t\n  ']) {
      expect(addTodo(initialTodos, text)).toBe(initialTodos);
    }
  });

  it('gives ids that stay unique', () => {
    const gaps: Todo[] = [{ id: 7, title: 'a', complete: false }, { id: 2, title: 'b', complete: false }];
    expect(addTodo(gaps, 'c').at(-1)?.id).toBe(8);
    expect(addTodo([], 'first')[0]?.id).toBe(1);
  });

  it('toggles one todo only, both ways', () => {
    const done = toggleTodo(initialTodos, 2);
    expect(done.map((todo) => todo.complete)).toEqual([true, true, false]);
    const reopened = toggleTodo(done, 1);
    expect(reopened.map((todo) => todo.complete)).toEqual([false, true, false]);
    expect(toggleTodo(initialTodos, 99)).toEqual(initialTodos);
  });

  it('reduces the same actions the same way', () => {
    let todos = todosReducer(initialTodos, { type: 'added', text: 'Ship it' });
    todos = todosReducer(todos, { type: 'added', text: '   ' });
    todos = todosReducer(todos, { type: 'toggled', id: 4 });
    expect(todos).toEqual([...initialTodos, { id: 4, title: 'Ship it', complete: true }]);
  });
});
