import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import { StylesDemo } from '../demos/styles/styles-demo';
import stylesDemoSource from '../demos/styles/styles-demo.tsx?highlight';
import stylesModuleSource from '../demos/styles/styles-demo.module.css?highlight';
import stylesSheetSource from '../demos/styles/styles-demo.css?highlight';

export default function StylesLesson() {
  return (
    <>
      <p className="lead">React does not replace CSS. There are three common ways to style a component.</p>
      <ol>
        <li>
          <strong>Inline styles</strong>: the <code>style</code> prop takes a JavaScript object. Property names
          are camelCase (<code>fontSize</code>, not <code>font-size</code>) and values are usually strings. Good
          for values that are computed while the app runs, such as a progress bar's width.
        </li>
        <li>
          <strong>CSS classes</strong>: write CSS in a <code>.css</code> file, import it, and use{' '}
          <code>className</code> (JSX's name for <code>class</code>). Class names are global, so pick names that
          will not clash.
        </li>
        <li>
          <strong>CSS modules</strong>: a file ending in <code>.module.css</code>. Importing it gives an object
          that maps each class name to a unique generated name, so the same class name in two components never
          clashes.
        </li>
      </ol>

      <h2>Try it</h2>
      <EditableDemo name="Three ways to style" sources={[stylesDemoSource, stylesModuleSource, stylesSheetSource]}>
        <StylesDemo />
      </EditableDemo>

      <h2>Which one to choose</h2>
      <p>
        Prefer classes or CSS modules for most styling: they support hover and focus states, media queries and
        dark mode, which inline styles cannot express. Use inline styles for the few values that change with
        your data.
      </p>
      <Note title="Pitfall: colour contrast">
        <p>
          Whatever the method, check that text has enough contrast with its background (at least 4.5 to 1 for
          normal text) in both light and dark mode. The demo uses the site's colour variables, which already do.
        </p>
      </Note>
    </>
  );
}
