import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import shoppingListStarter from '../challenges/use-reducer/shopping-list/starter/shopping-list.tsx?highlight';
import volumeControlStarter from '../challenges/use-reducer/volume-control/starter/volume-control.tsx?highlight';
import counterReducerSource from '../demos/counter/counter-reducer.ts?highlight';
import { ReducerCounter } from '../demos/counter/reducer-counter';
import reducerCounterSource from '../demos/counter/reducer-counter.tsx?highlight';
import { ReducerTodoList } from '../demos/todos/reducer-todo-list';
import reducerTodoListSource from '../demos/todos/reducer-todo-list.tsx?highlight';
import todosSource from '../demos/todos/todos.ts?highlight';

export default function UseReducerLesson() {
  return (
    <>
      <p className="lead">
        <code>useReducer</code> keeps state like <code>useState</code>, but moves the rules for changing it into
        one function, the reducer.
      </p>
      <p>
        A reducer is a plain function <code>(state, action) =&gt; newState</code>. An action is an object that
        says what happened, such as <code>{"{ type: 'incremented' }"}</code>. Components call{' '}
        <code>dispatch(action)</code>; React passes the current state and the action to the reducer and renders
        with whatever it returns.
      </p>
      <p>
        Because the reducer is an ordinary function with no React in it, you can test it on its own: give it a
        state and an action, and check the result. The demos below use reducers that have their own unit
        tests.
      </p>

      <h2>Try it: a counter</h2>
      <EditableDemo name="Reducer counter" sources={[reducerCounterSource, counterReducerSource]}>
        <ReducerCounter />
      </EditableDemo>

      <h2>Try it: the todo list again</h2>
      <p>
        The same todo list as in the useState lesson, with every change going through{' '}
        <code>todosReducer</code>. The component only says what happened (<q>added</q>, <q>toggled</q>); the
        reducer decides what that means for the list.
      </p>
      <EditableDemo name="Reducer todo list" sources={[reducerTodoListSource, todosSource]}>
        <ReducerTodoList />
      </EditableDemo>

      <h2>useState or useReducer?</h2>
      <p>
        Use <code>useState</code> for independent values with simple updates. Reach for <code>useReducer</code>{' '}
        when several events change the same state in different ways, or when you want the update rules in one
        place where they are easy to read and test.
      </p>
      <Note title="Pitfall: changing the state inside the reducer">
        <p>
          A reducer must return a new state and leave the old one untouched: no <code>push</code>, no assigning to
          properties. It must also be pure, so no requests, timers or random ids inside it.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="use-reducer/volume-control"
        title="Finish the volume reducer"
        starter={[volumeControlStarter]}
        hint={
          <p>
            Add a <code>case</code> for <code>'quieter'</code> and one for <code>'muted'</code>. Each case returns the
            next volume. To keep it in range, check the new number before you return it: <code>Math.min</code> and{' '}
            <code>Math.max</code> can help.
          </p>
        }
      >
        <p>
          This volume control keeps its volume in a reducer, but the reducer only knows about{' '}
          <code>'louder'</code>. Finish it: <q>Quieter</q> takes one away, <q>Mute</q> sets the volume to 0, and the
          volume always stays between 0 and 10, however often a button is pressed.
        </p>
      </Challenge>
      <Challenge
        id="use-reducer/shopping-list"
        title="Remove without changing the old list"
        starter={[shoppingListStarter]}
        hint={
          <p>
            <code>splice</code> changes the array it is called on, and the reducer then returns that same array. React
            sees the same state as before and skips the render. Build a new array without the item instead. For the
            blank name, <code>trim()</code> removes the spaces at both ends of a string.
          </p>
        }
      >
        <p>
          Adding to this shopping list works, but <q>Remove</q> seems to do nothing. Fix <code>listReducer</code>:
          the <code>'removed'</code> case should return a new list without that item, and leave the list it was given
          as it was. Also make <code>'added'</code> ignore a blank name (empty, or only spaces).
        </p>
        <p>
          The checks also call <code>listReducer</code> on its own, as a unit test would, so keep it exported.
        </p>
      </Challenge>
    </>
  );
}
