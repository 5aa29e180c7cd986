import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import { StylesDemo } from '../demos/styles/styles-demo';
import stylesDemoSource from '../demos/styles/styles-demo.tsx?highlight';
import stylesModuleSource from '../demos/styles/styles-demo.module.css?highlight';
import stylesSheetSource from '../demos/styles/styles-demo.css?highlight';
import progressBarsStarter from '../challenges/styles/progress-bars/starter/progress-bars.tsx?highlight';
import progressBarsSheet from '../challenges/styles/progress-bars/starter/progress-bars.css?highlight';
import seatBadgesStarter from '../challenges/styles/seat-badges/starter/seat-badges.tsx?highlight';
import seatBadgesSheet from '../challenges/styles/seat-badges/starter/seat-badges.css?highlight';

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

      <h2>Challenges</h2>
      <Challenge
        id="styles/progress-bars"
        title="Fill the progress bars"
        starter={[progressBarsStarter, progressBarsSheet]}
        hint={
          <p>
            A width that depends on your data is a job for the <code>style</code> prop, such as{' '}
            <code>{"style={{ width: '50%' }}"}</code>. Work out the percentage from <code>done</code> and{' '}
            <code>total</code>, and turn it into a string that ends in <code>%</code>.
          </p>
        }
      >
        <p>
          Each bar should be filled as far as that subject's lessons are done: 2 of 5 lessons fills 40% of the
          bar, and 6 of 6 fills all of it. The stylesheet gives the fill a width of 0. Give the fill its width
          with an inline style, worked out from the <code>done</code> and <code>total</code> props.
        </p>
      </Challenge>
      <Challenge
        id="styles/seat-badges"
        title="Mark the full courses"
        starter={[seatBadgesStarter, seatBadgesSheet]}
        hint={
          <p>
            <code>className</code> is a string, so JavaScript can work it out: the starter already chooses the
            badge's text with <code>? :</code>. Separate two class names with a space.
          </p>
        }
      >
        <p>
          Every badge looks the same. Keep the class <code>seat-badge</code> on each badge, and add{' '}
          <code>seat-badge--full</code> when a course has no seats left, or <code>seat-badge--open</code> when
          it has some. The styles are ready in <code>seat-badges.css</code>.
        </p>
      </Challenge>
    </>
  );
}
