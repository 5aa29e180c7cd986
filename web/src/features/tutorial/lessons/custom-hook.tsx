import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import courseFinderStarter from '../challenges/custom-hook/debounced-search/starter/course-finder.tsx?highlight';
import useDebouncedValueStarter from '../challenges/custom-hook/debounced-search/starter/use-debounced-value.ts?highlight';
import settingsPanelStarter from '../challenges/custom-hook/use-toggle/starter/settings-panel.tsx?highlight';
import useToggleStarter from '../challenges/custom-hook/use-toggle/starter/use-toggle.ts?highlight';
import useFetchSource from '../demos/use-fetch/use-fetch.ts?highlight';
import { UserList } from '../demos/use-fetch/user-list';
import userListSource from '../demos/use-fetch/user-list.tsx?highlight';
import usersSource from '../demos/use-fetch/users.ts?highlight';

export default function CustomHookLesson() {
  return (
    <>
      <p className="lead">
        A custom hook is a function whose name starts with <code>use</code> and that calls other hooks. It lets
        components share logic, not just markup.
      </p>
      <p>
        Loading data is a good example. Every component that fetches needs the same pieces: a loading state, the
        data, an error, a way to try again, and a cleanup that cancels the request if the component goes away.
        Written once as <code>useFetch</code>, each component needs a single line.
      </p>

      <h2>Try it</h2>
      <p>
        <code>UserList</code> asks a public placeholder-data service for 20 users and shows each user's id and
        name. While the request runs it says so; if the service cannot be reached it shows the error and a Retry
        button. Retry changes the <code>attempt</code> state, which is part of the effect's dependencies, so the
        effect runs again.
      </p>
      <EditableDemo name="useFetch" sources={[userListSource, useFetchSource, usersSource]}>
        <UserList />
      </EditableDemo>

      <h2>How useFetch works</h2>
      <ul>
        <li>
          The effect starts the request and returns a cleanup that aborts it with an{' '}
          <code>AbortController</code>. Leave the page, or change the URL, and the old request is cancelled.
        </li>
        <li>
          Each answer is stored with the request it belongs to. The loading state is not stored at all: it is
          what the hook returns while there is no answer for the current request.
        </li>
        <li>
          The JSON is checked by <code>parseUsers</code> before it is used. Data from the network can be anything,
          and the type says only what we hope for.
        </li>
      </ul>
      <Note title="Pitfall: updating state after the component is gone">
        <p>
          Without the abort, a slow answer could arrive after the reader has left and try to update a component
          that no longer exists, or a late answer to an old request could replace a newer one. Checking{' '}
          <code>signal.aborted</code> before setting state prevents both.
        </p>
      </Note>
      <Note title="Pitfall: a new parse function on every render">
        <p>
          <code>parse</code> is a dependency of the effect. Passing <code>{'(json) => ...'}</code> written inside
          the component would make a new function on every render and start a new request each time. Define it
          outside the component, as <code>parseUsers</code> is, or wrap it in useCallback.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="custom-hook/use-toggle"
        title="Write useToggle"
        starter={[settingsPanelStarter, useToggleStarter]}
        hint={
          <p>
            A custom hook can call other hooks. Keep the value in <code>useState</code>, starting at{' '}
            <code>initial</code>, and make <code>toggle</code> set it to the opposite of what it is.
          </p>
        }
      >
        <p>
          This panel uses a custom hook, <code>useToggle</code>, for two on/off values: whether the details are shown
          (hidden at first) and the sound (on at first). The hook in <code>use-toggle.ts</code> is not finished: its
          value never changes. Finish it, so that it returns the current value and a function that flips it.
        </p>
        <p>
          Each call of the hook must have its own value: showing the details must not switch the sound off.
        </p>
      </Challenge>
      <Challenge
        id="custom-hook/debounced-search"
        title="Wait until the typing stops"
        starter={[courseFinderStarter, useDebouncedValueStarter]}
        hint={
          <p>
            <code>setTimeout</code> returns an id, and <code>clearTimeout(id)</code> cancels that timer. An effect can
            return a cleanup function: React runs it before it runs the effect again, and when the component goes
            away.
          </p>
        }
      >
        <p>
          The course finder should filter its list only once you stop typing for 300 ms, with the help of the hook{' '}
          <code>useDebouncedValue</code>. It nearly works, but type slowly and the list jumps to the results for each
          half-typed word: every key press starts a timer, and no timer is ever cancelled. Give the hook's effect a
          cleanup, so that each key press cancels the wait for the one before.
        </p>
      </Challenge>
    </>
  );
}
