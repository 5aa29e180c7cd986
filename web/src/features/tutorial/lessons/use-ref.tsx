import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import searchBoxStarter from '../challenges/use-ref/clear-search/starter/search-box.tsx?highlight';
import timerStarter from '../challenges/use-ref/stop-the-timer/starter/timer.tsx?highlight';
import renderCountSource from '../demos/render-count/use-render-count.ts?highlight';
import { FocusInput } from '../demos/use-ref/focus-input';
import focusInputSource from '../demos/use-ref/focus-input.tsx?highlight';

export default function UseRefLesson() {
  return (
    <>
      <p className="lead">
        <code>useRef</code> gives a component a box, <code>ref.current</code>, that keeps its contents between
        renders. Changing it does not cause a render.
      </p>
      <p>Refs have two common uses:</p>
      <ul>
        <li>
          <strong>Reaching a DOM element.</strong> Pass the ref to an element with <code>{'ref={inputRef}'}</code>;
          once React has created the element, <code>inputRef.current</code> is that element, so you can call{' '}
          <code>focus()</code>, measure it or scroll to it.
        </li>
        <li>
          <strong>Remembering a value that the page does not show</strong>, such as an interval id or a count
          used only by your code. State would cause a render on every change; a ref does not.
        </li>
      </ul>

      <h2>Try it</h2>
      <p>
        The button moves the keyboard focus to the input through a ref. Type in the input to cause renders: a
        second ref counts them, and an effect writes the count into the page, so counting never causes a render
        of its own.
      </p>
      <EditableDemo name="useRef" sources={[focusInputSource, renderCountSource]}>
        <FocusInput />
      </EditableDemo>

      <Note title="Pitfall: reading or writing refs while rendering">
        <p>
          Do not read or change <code>ref.current</code> in the body of the component: the page would not update
          when it changes, and the result could differ from render to render. Use refs in event handlers and
          effects, as the demo does.
        </p>
      </Note>
      <Note title="Pitfall: using a ref for what the page shows">
        <p>
          If the value appears on the page and the page should update when it changes, it belongs in state, not
          in a ref.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="use-ref/clear-search"
        title="Clear and type again"
        starter={[searchBoxStarter]}
        hint={
          <p>
            The keyboard focus belongs to a DOM element, not to state. A ref can give your click handler the input
            element itself, and every input element has a <code>focus()</code> method.
          </p>
        }
      >
        <p>
          The Clear button empties the search field, but then you must click the field again before you can type.
          Make Clear also put the keyboard focus back in the field, so that you can type your next search straight
          away.
        </p>
      </Challenge>
      <Challenge
        id="use-ref/stop-the-timer"
        title="Make Stop stop"
        starter={[timerStarter]}
        hint={
          <p>
            <code>intervalId</code> is an ordinary variable, so every render starts with a new, empty one: by the
            time you press Stop, the timer has rendered many times and the id is lost. The page never shows the id.
            What keeps a value between renders without causing one?
          </p>
        }
      >
        <p>
          This timer counts in tenths of a second. Start works, but Stop does nothing: the time keeps going up.
        </p>
        <p>
          Fix it, so that Stop stops the time and Start carries on from where it stopped. Pressing Start while the
          timer is already running must not start a second interval, which would make the time run twice as fast.
        </p>
      </Challenge>
    </>
  );
}
