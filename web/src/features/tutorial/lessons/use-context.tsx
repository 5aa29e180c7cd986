import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import themeSwitcherStarter from '../challenges/use-context/theme-switch/starter/theme-switcher.tsx?highlight';
import { UserContextDemo } from '../demos/user-context/user-context-demo';
import userContextDemoSource from '../demos/user-context/user-context-demo.tsx?highlight';
import userSource from '../demos/user-context/user.ts?highlight';

export default function UseContextLesson() {
  return (
    <>
      <p className="lead">
        Context passes a value to every component below a provider, without threading it through props at each
        level.
      </p>
      <p>
        Passing the signed-in user from the top of the app to a greeting five levels down means every component
        in between must accept and pass on a <code>user</code> prop it does not use. This is called prop
        drilling. Context solves it in three steps: create a context with <code>createContext</code>, wrap part
        of the tree in a provider with a value, and read the value with <code>useContext</code> in any component
        inside.
      </p>

      <h2>Try it</h2>
      <p>
        The user object (a name and an age) lives in state at the top. <code>ProfileCard</code> knows nothing
        about it, yet <code>Greeting</code> inside it reads it from context. Press the button: the state changes,
        the provider gets a new value and every component that reads the context renders again.
      </p>
      <EditableDemo name="User context" sources={[userContextDemoSource, userSource]}>
        <UserContextDemo />
      </EditableDemo>

      <h2>When to use context</h2>
      <p>
        Context suits data that many components need: the current user, the theme, the language. For data that
        only one or two levels need, plain props are clearer, because you can see where each value comes from.
      </p>
      <Note title="Pitfall: no provider above">
        <p>
          A component with no provider above it gets the default value passed to <code>createContext</code>. If
          you see the default instead of your value, check that the component really is inside the provider.
        </p>
      </Note>
      <Note kind="tip" title="Provider syntax">
        <p>
          Since React 19 the context itself is the provider: <code>{'<UserContext value={user}>'}</code>. Older
          code writes <code>{'<UserContext.Provider value={user}>'}</code>, which still works.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="use-context/theme-switch"
        title="One theme for the whole page"
        starter={[themeSwitcherStarter]}
        hint={
          <p>
            The toolbar and the card both read <code>ThemeContext</code> in the same way. A component with no
            provider above it gets the default value given to <code>createContext</code>. Look at which components
            the provider wraps.
          </p>
        }
      >
        <p>
          The "Switch theme" button switches the toolbar between the light and the dark theme, but the settings card
          always says "light". Fix it, so that the toolbar and the card both show the current theme, without passing
          the theme down as a prop.
        </p>
      </Challenge>
    </>
  );
}
