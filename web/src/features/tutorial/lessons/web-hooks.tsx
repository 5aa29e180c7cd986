import { AppLink } from '../../../shared/components/app-link';
import nicknameGreetingStarter from '../challenges/web-hooks/nickname/starter/nickname-greeting.tsx?highlight';
import { Challenge } from '../components/challenge';
import { tutorialLessons } from '../tutorial-data';

const hooks = tutorialLessons.find((entry) => entry.path === '/react/web-hooks')?.children ?? [];

export default function WebHooksLesson() {
  return (
    <>
      <p className="lead">
        Hooks are functions that let a component remember values, react to changes and reach outside React. Their
        names start with <code>use</code>.
      </p>
      <p>
        This part of the tutorial has one lesson per hook. Each explains when to use the hook, shows a working
        demo with its source, and warns about the mistakes people make most often. Start with the introduction,
        then read them in order: later lessons build on useState and useEffect.
      </p>

      <h2>The lessons</h2>
      <ul className="hook-list">
        {hooks.map((hook) => (
          <li key={hook.path}>
            <AppLink href={hook.path} className="hook-list__link">
              {hook.heading}
            </AppLink>
            <p>{hook.description}</p>
          </li>
        ))}
      </ul>

      <h2>Challenges</h2>
      <Challenge
        id="web-hooks/nickname"
        title="Tick the box without a crash"
        starter={[nicknameGreetingStarter]}
        hint={
          <p>
            React tells the hooks of a component apart only by the order in which they are called, so every render
            must call the same hooks in the same order. Here, the nickname's <code>useState</code> is called only on
            renders where the box is ticked. Call it on every render, and use the condition only to decide what to
            show.
          </p>
        }
      >
        <p>
          A first taste of the rules that every hook call must follow. This form greets you by name. Ticking "I have
          a nickname" should show a Nickname field and greet you by your nickname instead, but ticking the box makes
          the component crash.
        </p>
        <p>
          Fix it. You should be able to tick and untick the box as often as you like: ticked, the Nickname field
          shows and the greeting uses the nickname you typed; unticked, the field goes and the greeting uses your
          name again.
        </p>
      </Challenge>
    </>
  );
}
