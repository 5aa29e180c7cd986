import { useId, useReducer, useState, type FormEvent } from 'react';
import { initialTodos, todosReducer } from './todos';

export function ReducerTodoList() {
  // Every change to the list goes through todosReducer.
  const [todos, dispatch] = useReducer(todosReducer, initialTodos);
  const [text, setText] = useState('');
  const inputId = useId();
  const left = todos.filter((todo) => !todo.complete).length;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'added', text });
    setText('');
  }

  return (
    <div className="demo-stack">
      <form className="demo-row" onSubmit={handleSubmit}>
        <label htmlFor={inputId}>New todo</label>
        <input id={inputId} value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="demo-button">
          Add
        </button>
      </form>
      <ul className="todo-list">
        {todos.map((todo) => (
          <li key={todo.id} className={todo.complete ? 'todo todo--complete' : 'todo'}>
            <label>
              <input
                type="checkbox"
                checked={todo.complete}
                onChange={() => dispatch({ type: 'toggled', id: todo.id })}
              />{' '}
              {todo.title}
            </label>
          </li>
        ))}
      </ul>
      <p aria-live="polite">
        {left} of {todos.length} left to do
      </p>
    </div>
  );
}
