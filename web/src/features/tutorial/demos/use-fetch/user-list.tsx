import { placeholderApiUrl } from '../../config';
import { useFetch } from './use-fetch';
import { parseUsers, usersUrl } from './users';

const USERS_URL = usersUrl(placeholderApiUrl, 20);

export function UserList() {
  const users = useFetch(USERS_URL, parseUsers);

  if (users.status === 'loading') {
    return <p role="status">Loading users…</p>;
  }

  if (users.status === 'error') {
    return (
      <div role="alert" className="demo-error">
        <p>Could not load the users. {users.message}</p>
        <button type="button" className="demo-button" onClick={users.retry}>
          Retry
        </button>
      </div>
    );
  }

  return (
    <>
      <p role="status">Loaded {users.data.length} users.</p>
      <ol className="user-list">
        {users.data.map((user) => (
          <li key={user.id}>
            <span className="user-list__id">#{user.id}</span> {user.name}
          </li>
        ))}
      </ol>
    </>
  );
}
