import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import { MemoDemo } from '../demos/memo/memo-demo';
import memoDemoSource from '../demos/memo/memo-demo.tsx?highlight';
import renderCountSource from '../demos/render-count/use-render-count.ts?highlight';
import skipRendersStarter from '../challenges/memo/skip-renders/starter/class-room.tsx?highlight';
import skipRendersCountSource from '../challenges/memo/skip-renders/starter/use-render-count.ts?highlight';
import stablePropsStarter from '../challenges/memo/stable-props/starter/class-room.tsx?highlight';
import stablePropsCountSource from '../challenges/memo/stable-props/starter/use-render-count.ts?highlight';

export default function MemoLesson() {
  return (
    <>
      <p className="lead">
        <code>memo</code> lets a component skip rendering when its props are the same as last time.
      </p>
      <p>
        When a component's state changes, React renders that component again and, by default, every component
        inside it too, even children whose props did not change. That is usually fast enough. But if a child is
        slow to render, you can wrap it: <code>const MemoChild = memo(Child)</code>. Before rendering{' '}
        <code>MemoChild</code>, React compares each new prop with the old one (using <code>Object.is</code>) and
        reuses the last result if nothing changed.
      </p>

      <h2>Try it</h2>
      <p>
        Both children show the same student count and display how often they have rendered. Type in the note:
        the parent renders on every keystroke, and so does the plain child, but the memoised child does not.
        Press <q>Add a student</q> and both render, because <code>count</code> changed.
      </p>
      <EditableDemo name="memo" sources={[memoDemoSource, renderCountSource]}>
        <MemoDemo />
      </EditableDemo>

      <h2>When to use memo</h2>
      <p>
        Use it when a component renders often with the same props and its rendering is noticeably slow. Do not
        wrap everything: the comparison has a cost too, and most components are cheap to render.
      </p>
      <Note title="Pitfall: new objects and functions as props">
        <p>
          <code>{'style={{ color: "red" }}'}</code> or <code>{'onClick={() => ...}'}</code> creates a new object
          or function on every render, so a memoised child always sees a changed prop and never skips. Keep such
          values stable with <code>useMemo</code> and <code>useCallback</code> (see their lessons).
        </p>
      </Note>
      <Note kind="tip" title="memo does not stop state or context">
        <p>
          A memoised component still renders when its own state changes or when a context it reads changes. memo
          only looks at props.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="memo/skip-renders"
        title="Skip needless renders"
        starter={[skipRendersStarter, skipRendersCountSource]}
        hint={
          <p>
            Which prop does the roster get, and does it change while you type a note? Then look again at how the
            demo above makes a child skip rendering when its props are the same as last time.
          </p>
        }
      >
        <p>
          Each letter you type in the note renders the roster again, although the number of students has not
          changed. Stop that: typing a note should not render the roster, but each click on <q>Add a student</q>{' '}
          should still render it once, with the new number.
        </p>
      </Challenge>
      <Challenge
        id="memo/stable-props"
        title="memo that never skips"
        starter={[stablePropsStarter, stablePropsCountSource]}
        hint={
          <p>
            memo compares each prop with the last one using <code>Object.is</code>. An object written in the JSX
            is a new object on every render, even with the same contents. How could the roster get the same
            object each time, or no object at all?
          </p>
        }
      >
        <p>
          This roster is already wrapped in <code>memo</code>, yet it still renders on every keystroke in the
          note. Find out why, and fix it: typing a note should not render the roster, but adding a student
          still should. The roster must still show <q>BCom, room 204</q>.
        </p>
      </Challenge>
    </>
  );
}
