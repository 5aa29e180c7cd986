import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import { CartDemo } from '../demos/cart/cart-demo';
import clickCounterStarter from '../challenges/use-state/click-counter/starter/click-counter.tsx?highlight';
import cartDemoSource from '../demos/cart/cart-demo.tsx?highlight';
import cartSource from '../demos/cart/cart.ts?highlight';
import { Counter } from '../demos/counter/counter';
import counterSource from '../demos/counter/counter.tsx?highlight';
import { TodoList } from '../demos/todos/todo-list';
import todoListSource from '../demos/todos/todo-list.tsx?highlight';
import todosSource from '../demos/todos/todos.ts?highlight';

export default function UseStateLesson() {
  return (
    <>
      <p className="lead">
        <code>useState</code> gives a component memory: a value that survives between renders, and a function to
        change it.
      </p>
      <p>
        <code>const [count, setCount] = useState(0)</code> returns the current value and a setter. The argument
        is the starting value, used only on the first render. Calling <code>setCount(5)</code> stores the new
        value and asks React to render the component again; on that render, <code>count</code> is 5.
      </p>

      <h2>Try it: a counter</h2>
      <EditableDemo name="Counter" sources={[counterSource]}>
        <Counter />
      </EditableDemo>
      <Note title="Pitfall: stale state">
        <p>
          The value you read during a render does not change until the next render. Calling{' '}
          <code>setCount(count + 1)</code> three times in one click adds only 1, because each call sees the same
          old <code>count</code>. When the new value depends on the old one, pass a function:{' '}
          <code>{'setCount((c) => c + 1)'}</code>. React calls it with the latest value.
        </p>
      </Note>

      <h2>Try it: a cart with a derived total</h2>
      <p>
        The quantity is state, limited to 1 to 10. The total is <em>not</em> state: it is calculated from the
        quantity on every render, so it always matches. Keeping the total in a second state variable, updated
        next to the quantity, is a classic bug: the update reads the old quantity and the total lags one click
        behind.
      </p>
      <EditableDemo name="Cart" sources={[cartDemoSource, cartSource]}>
        <CartDemo />
      </EditableDemo>
      <Note kind="tip" title="Keep the least state you can">
        <p>
          If a value can be worked out from props or other state, work it out while rendering instead of storing
          it. There is then nothing to keep in sync.
        </p>
      </Note>

      <h2>Try it: a todo list</h2>
      <p>
        State can hold arrays and objects too, but treat them as read-only: make a new array with the change
        instead of pushing into the old one. The helpers in <code>todos.ts</code> do exactly that, and ignore a
        todo whose text is blank.
      </p>
      <EditableDemo name="Todo list" sources={[todoListSource, todosSource]}>
        <TodoList />
      </EditableDemo>
      <Note title="Pitfall: changing state in place">
        <p>
          <code>todos.push(newTodo); setTodos(todos)</code> passes the same array back, so React sees no change and
          may not render. Always pass a new array or object.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="use-state/click-counter"
        title="Count the clicks"
        starter={[clickCounterStarter]}
        hint={
          <p>
            A plain variable starts again at 0 on every render, and changing it does not ask React to render. Keep the
            count in state with <code>useState(0)</code>, and call its setter in the click handler.
          </p>
        }
      >
        <p>
          This button should count how often it is clicked, but it always says "Clicked 0 times". Make it count: it
          should say "Clicked 0 times" at first, "Clicked 1 time" after one click (not "1 times"), and "Clicked 2
          times" after two.
        </p>
      </Challenge>
    </>
  );
}
