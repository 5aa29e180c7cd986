import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
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
    </>
  );
}
