import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import subjectVotesStarter from '../challenges/hooks-intro/subject-votes/starter/subject-votes.tsx?highlight';
import { NameTag } from '../demos/hooks-intro/name-tag';
import nameTagSource from '../demos/hooks-intro/name-tag.tsx?highlight';

export default function HooksIntroLesson() {
  return (
    <>
      <p className="lead">
        A hook is a function whose name starts with <code>use</code>. Hooks give function components features
        such as state, effects and context.
      </p>
      <p>
        Before hooks, only class components could hold state. Now a plain function calls{' '}
        <code>useState</code> to remember a value, <code>useEffect</code> to run code after rendering, and{' '}
        <code>useContext</code> to read shared data. You can also combine hooks into your own custom hooks.
      </p>

      <h2>Try it</h2>
      <p>The smallest useful hook call: a component that remembers what you typed.</p>
      <EditableDemo name="Name tag" sources={[nameTagSource]}>
        <NameTag />
      </EditableDemo>

      <h2>The two rules of hooks</h2>
      <ol>
        <li>
          <strong>Call hooks only at the top level</strong> of a component or a custom hook: not inside{' '}
          <code>if</code> statements, loops, nested functions or after an early <code>return</code>. React tells
          hooks apart by the order in which they are called, so that order must be the same on every render.
        </li>
        <li>
          <strong>Call hooks only from React functions</strong>: components and custom hooks, never from ordinary
          functions or event handlers.
        </li>
      </ol>
      <p>
        The <code>eslint-plugin-react-hooks</code> linter checks both rules for you; turn it on in every project.
      </p>
      <Note title="Pitfall: a hook inside a condition">
        <p>
          <code>{'if (loggedIn) { const [name, setName] = useState(""); }'}</code> breaks the first rule. Call the
          hook unconditionally and put the condition in what you render instead.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="hooks-intro/subject-votes"
        title="Vote for a subject"
        starter={[subjectVotesStarter]}
        hint={
          <p>
            The <code>useState</code> call is inside <code>map</code>, which is a loop. With the box ticked, the loop
            runs four times instead of two, so the component calls more hooks than on the render before. Each hook
            call must be at the top level of a component: which component could each counter belong to?
          </p>
        }
      >
        <p>
          Each button counts the votes for one subject. At first only Maths and Physics are shown; ticking "Show all
          subjects" should add History and Art. Right now, ticking the box makes the component crash.
        </p>
        <p>
          Fix it, so that every button counts its own votes, whichever subjects are shown, and the votes already
          cast stay when you tick or untick the box.
        </p>
      </Challenge>
    </>
  );
}
