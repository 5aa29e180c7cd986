import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
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
    </>
  );
}
