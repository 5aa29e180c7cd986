import { useId, useState, type FormEvent } from 'react';
import { addTodo, initialTodos, toggleTodo } from './todos';

export function TodoList() {
  const [todos, setTodos] = useState(initialTodos);
  const [text, setText] = useState('');
  const inputId = useId();
  const left = todos.filter((todo) => !todo.complete).length;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTodos((current) => addTodo(current, text)); // blank text changes nothing
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
          // The id, not the position, tells React which item is which.
          <li key={todo.id} className={todo.complete ? 'todo todo--complete' : 'todo'}>
            <label>
              <input
                type="checkbox"
                checked={todo.complete}
                onChange={() => setTodos((current) => toggleTodo(current, todo.id))}
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
