import { AppLink } from '../../../shared/components/app-link';
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
    </>
  );
}
