import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import inboxStarter from '../challenges/use-effect/inbox-title/starter/inbox.tsx?highlight';
import keyCounterStarter from '../challenges/use-effect/key-counter/starter/key-counter.tsx?highlight';
import elapsedSource from '../demos/stopwatch/elapsed.ts?highlight';
import { Stopwatch } from '../demos/stopwatch/stopwatch';
import stopwatchSource from '../demos/stopwatch/stopwatch.tsx?highlight';

export default function UseEffectLesson() {
  return (
    <>
      <p className="lead">
        <code>useEffect</code> runs code after React has updated the page, to keep a component in step with
        something outside React: a timer, a network connection, the document title.
      </p>
      <p>
        <code>{'useEffect(setup, dependencies)'}</code> takes two arguments. The setup function runs after the
        first render and again after any render in which one of the dependencies changed. If setup returns a
        function, that cleanup function runs before the next setup and when the component is removed, so
        whatever setup started (an interval, a subscription, a request) is stopped.
      </p>

      <h2>Try it: a stopwatch</h2>
      <p>
        Starting the stopwatch sets <code>running</code> to true; the effect then starts an interval. Pausing
        changes <code>running</code> again, so React runs the cleanup, which clears the interval. Leave this page
        while it runs and the cleanup stops it too.
      </p>
      <EditableDemo name="Stopwatch" sources={[stopwatchSource, elapsedSource]}>
        <Stopwatch />
      </EditableDemo>

      <h2>The dependency array</h2>
      <ul>
        <li>
          <code>[running]</code>: run after the first render and whenever <code>running</code> changes.
        </li>
        <li>
          <code>[]</code>: run once, after the first render.
        </li>
        <li>No array at all: run after every render.</li>
      </ul>
      <p>
        List every prop, state value and function from the component that the effect uses. The{' '}
        <code>react-hooks/exhaustive-deps</code> lint rule tells you when one is missing.
      </p>
      <Note title="Pitfall: the effect that never stops">
        <p>
          An effect without a dependency array that sets state, such as{' '}
          <code>{'useEffect(() => { setItems([...items]) })'}</code>, renders, runs the effect, sets state, renders
          again, and so on for ever. Give the effect the right dependencies, and never set state to a new object
          on every run.
        </p>
      </Note>
      <Note title="Pitfall: forgetting the cleanup">
        <p>
          Without <code>clearInterval</code> in the cleanup, every start would add another interval and the
          stopwatch would speed up, and the timers would keep running after you leave the page.
        </p>
      </Note>
      <Note kind="tip" title="You might not need an effect">
        <p>
          Effects are for talking to things outside React. To calculate a value from props or state, just
          calculate it while rendering; to respond to a click, use the event handler.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="use-effect/inbox-title"
        title="Unread messages in the title"
        starter={[inboxStarter]}
        hint={
          <p>
            The page title is outside React, so keeping it in step with state is a job for an effect. Set the title
            in one place, not in each click handler. Which value belongs in the effect's dependency array?
          </p>
        }
      >
        <p>
          An inbox should show how many messages are unread in its page title (<code>document.title</code>; here it
          is the title of the result's own page, which the checks read): "Inbox (3)" when three are unread, and just "Inbox" when none are, including before any message
          arrives.
        </p>
        <p>
          The starter sets the title in one click handler only, so the title lags one message behind, is not set at
          first, and does not change after "Mark all as read". Fix it, so the title always matches the count.
        </p>
      </Challenge>
      <Challenge
        id="use-effect/key-counter"
        title="Stop counting when asked"
        starter={[keyCounterStarter]}
        hint={
          <p>
            Each time the box is ticked, the effect adds a <code>keydown</code> listener to the window, but nothing
            ever takes one off. What can an effect return, and when does React call it?
          </p>
        }
      >
        <p>
          This component counts the keys you press in its page (click into the result first) while "Count key
          presses" is ticked. But
          unticking the box does not stop the counting, and once you tick it again, every key press counts twice.
        </p>
        <p>Fix it, so that unticking the box stops the counting, and each key press always adds exactly one.</p>
      </Challenge>
    </>
  );
}
