import { CodeBlock } from '../components/code-block';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import App from '../demos/first-app/app';
import appSource from '../demos/first-app/app.tsx?highlight';
import createAppSource from '../snippets/create-app.sh?highlight';

export default function InstallLesson() {
  return (
    <>
      <p className="lead">
        To build React apps on your own computer you need Node.js and a build tool. We use Vite, which starts in a
        second and reloads the page as you save.
      </p>

      <h2>Create a project</h2>
      <p>
        Install Node.js (version 20 or newer) from its website or your system's package manager. Then open a
        terminal and run these commands:
      </p>
      <CodeBlock source={createAppSource} label="Terminal commands" />
      <p>
        <code>npm run dev</code> prints a local address such as <code>http://localhost:5173</code>. Open it in
        your browser and you will see the starter page.
      </p>

      <h2>What is in the project</h2>
      <ul>
        <li>
          <code>index.html</code>: the one HTML page. It has an empty <code>&lt;div id="root"&gt;</code> where
          React draws the app.
        </li>
        <li>
          <code>src/main.tsx</code>: finds that element and calls <code>createRoot(...).render(&lt;App /&gt;)</code>.
        </li>
        <li>
          <code>src/App.tsx</code>: your first component. Edit it and save: the browser updates at once.
        </li>
        <li>
          <code>package.json</code>: the project's packages and scripts, such as <code>dev</code> and{' '}
          <code>build</code>.
        </li>
      </ul>

      <h2>Try it</h2>
      <p>This is the component the template starts with, running here on the page:</p>
      <EditableDemo name="Starter app" sources={[appSource]}>
        <App />
      </EditableDemo>

      <h2>Build for production</h2>
      <p>
        <code>npm run build</code> writes an optimised copy of the app to the <code>dist</code> folder. Those files
        are what you put on a web server; <code>npm run preview</code> serves them locally so you can check them
        first.
      </p>
      <Note title="Pitfall: component names start with a capital letter">
        <p>
          React treats <code>&lt;app /&gt;</code> as an HTML tag and <code>&lt;App /&gt;</code> as your component.
          Always name components with a capital first letter.
        </p>
      </Note>
    </>
  );
}
