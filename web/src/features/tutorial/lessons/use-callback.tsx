import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import pollStarter from '../challenges/use-callback/vote-buttons/starter/poll.tsx?highlight';
import pollRenderCountStarter from '../challenges/use-callback/vote-buttons/starter/use-render-count.ts?highlight';
import renderCountSource from '../demos/render-count/use-render-count.ts?highlight';
import { CallbackDemo } from '../demos/use-callback/callback-demo';
import callbackDemoSource from '../demos/use-callback/callback-demo.tsx?highlight';

export default function UseCallbackLesson() {
  return (
    <>
      <p className="lead">
        <code>useCallback</code> keeps the same function between renders, until its dependencies change.
      </p>
      <p>
        Every render creates new functions: <code>{'const add = () => ...'}</code> is a different object each
        time. That is normally harmless. But a child wrapped in <code>memo</code> compares its props, and a new
        function is never equal to the old one, so the child renders every time anyway.{' '}
        <code>{'useCallback(fn, dependencies)'}</code> returns the same function as last time while the
        dependencies stay the same, and memo can do its job.
      </p>

      <h2>Try it</h2>
      <p>
        Both buttons are the same memoised component and both add a like. Tick <q>Dark panel</q>: the parent
        renders, the button that gets its handler from useCallback skips rendering, and the one given a new
        function renders again. The like count works the same with either, because the handler uses the updater
        form and needs no dependencies.
      </p>
      <EditableDemo name="useCallback" sources={[callbackDemoSource, renderCountSource]}>
        <CallbackDemo />
      </EditableDemo>

      <h2>When to use useCallback</h2>
      <p>
        Use it when you pass a function to a memoised child, or when a function is a dependency of an effect or
        of another hook. Without memo on the child, useCallback saves nothing.
      </p>
      <Note title="Pitfall: stale values in a cached function">
        <p>
          <code>{'useCallback(() => setLikes(likes + 1), [])'}</code> remembers the <code>likes</code> of the
          first render for ever, so every click sets the same number. Either list <code>likes</code> as a
          dependency or, as in the demo, use the updater form <code>{'setLikes((n) => n + 1)'}</code>.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="use-callback/vote-buttons"
        title="Stop the extra renders"
        starter={[pollStarter, pollRenderCountStarter]}
        hint={
          <p>
            memo compares each prop with the one from the last render, and <code>onVote</code> is a new function every
            time. Give each button a function that stays the same. Mind the stale value pitfall above: a cached function
            must still add one to the latest count.
          </p>
        }
      >
        <p>
          Both vote buttons are wrapped in <code>memo</code>, and each shows how often it has rendered. Yet every key
          you press in <q>Your name</q> renders them again. Use useCallback so that typing your name no longer renders
          the buttons. Every vote must still be counted, however often you click.
        </p>
      </Challenge>
    </>
  );
}
