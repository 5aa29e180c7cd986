import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import { CourseCards } from '../demos/props/course-card';
import courseCardSource from '../demos/props/course-card.tsx?highlight';
import courseFormatSource from '../demos/props/course-format.ts?highlight';

export default function PropsLesson() {
  return (
    <>
      <p className="lead">
        Props are how a parent component passes data to a child, like attributes on an HTML tag.
      </p>
      <p>
        You write props where you use a component: <code>{'<CourseCard title="React for beginners" hours={3} />'}</code>.
        Text can go in quotes; any other JavaScript value, such as a number, an array or a function, goes in curly
        braces. React collects them into one object and passes it to the component function as its first
        argument. Most components take that object apart straight away with destructuring:{' '}
        <code>{'function CourseCard({ title, hours, price })'}</code>.
      </p>
      <p>
        The same component can then show different data each time it is used. In TypeScript, an interface
        describes which props a component accepts, so a missing or misspelt prop is an error before the code
        runs.
      </p>

      <h2>Try it</h2>
      <p>
        One <code>CourseCard</code> component, used twice with different props. Small helper functions format the
        duration and the fee, so the first card shows 3 hrs and 2000 INR.
      </p>
      <EditableDemo name="Course cards" sources={[courseCardSource, courseFormatSource]}>
        <CourseCards />
      </EditableDemo>

      <h2>Props are read-only</h2>
      <p>
        A component must never change its props. If something should change over time, such as a quantity in a
        cart, it belongs in state (see useState), and the parent passes the new value down as a prop on the next
        render.
      </p>
      <Note title="Pitfall: numbers in quotes">
        <p>
          <code>hours="3"</code> passes the text <code>"3"</code>, not the number 3. Use{' '}
          <code>{'hours={3}'}</code> for numbers, or arithmetic such as <code>hours + 1</code> gives{' '}
          <code>"31"</code>.
        </p>
      </Note>
      <Note kind="tip" title="Children are a prop too">
        <p>
          Whatever you put between a component's tags arrives as <code>children</code>:{' '}
          <code>{'<Card><p>Hi</p></Card>'}</code> passes the paragraph as <code>props.children</code>.
        </p>
      </Note>
    </>
  );
}
