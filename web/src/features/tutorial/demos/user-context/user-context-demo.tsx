import { createContext, useContext, useState } from 'react';
import { defaultUser, haveBirthday, type User } from './user';

// 1. Create the context, with the value used when there is no provider above.
const UserContext = createContext<User>(defaultUser);

function Greeting() {
  // 3. Read it anywhere below the provider: no props passed down the tree.
  const user = useContext(UserContext);
  return (
    <p aria-live="polite" className="demo-value">
      Hello, {user.name}! You are {user.age}.
    </p>
  );
}

function ProfileCard() {
  // This component neither knows nor passes on the user.
  return (
    <div className="demo-card">
      <h3>Profile</h3>
      <Greeting />
    </div>
  );
}

export function UserContextDemo() {
  const [user, setUser] = useState(defaultUser);

  return (
    // 2. Provide a value to everything inside.
    <UserContext value={user}>
      <div className="demo-stack">
        <ProfileCard />
        <button type="button" className="demo-button" onClick={() => setUser(haveBirthday)}>
          Have a birthday
        </button>
      </div>
    </UserContext>
  );
}
