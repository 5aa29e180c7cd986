import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import { WelcomePage } from '../demos/components/welcome-page';
import welcomePageSource from '../demos/components/welcome-page.tsx?highlight';
import timetableStarter from '../challenges/component/timetable/starter/timetable.tsx?highlight';

export default function ComponentLesson() {
  return (
    <>
      <p className="lead">
        A component is a JavaScript function that returns markup. Components are the building blocks of every
        React app.
      </p>
      <p>
        The markup a component returns is written in JSX, which looks like HTML but lives inside JavaScript. A
        few rules differ from HTML: a component returns one root element (wrap siblings in a{' '}
        <code>&lt;div&gt;</code> or a fragment, <code>&lt;&gt;…&lt;/&gt;</code>), every tag must be closed (
        <code>&lt;br /&gt;</code>), and attributes use camelCase, such as <code>className</code> and{' '}
        <code>htmlFor</code>.
      </p>
      <p>
        Curly braces switch from markup back to JavaScript: <code>{'{topic.name}'}</code> puts a value into the
        page, and <code>{'{topics.map(...)}'}</code> turns an array into a list of elements.
      </p>

      <h2>Try it</h2>
      <p>
        This page is made of three components. <code>WelcomePage</code> uses <code>Greeting</code> and{' '}
        <code>TopicList</code> as if they were HTML tags; this is called composition.
      </p>
      <EditableDemo name="Welcome page" sources={[welcomePageSource]}>
        <WelcomePage />
      </EditableDemo>

      <h2>Lists need keys</h2>
      <p>
        When you render a list with <code>map</code>, give each item a <code>key</code> that is unique among its
        siblings and stays the same for that item, such as an id from your data. React uses keys to tell which
        item is which when the list changes, so it can keep the right state with the right item.
      </p>
      <Note title="Pitfall: array positions as keys">
        <p>
          Using the index (<code>key={'{index}'}</code>) works only for lists that never change order. When an
          item is inserted or removed, indexes shift and React may give one item's state, such as a ticked
          checkbox or typed text, to its neighbour.
        </p>
      </Note>
      <Note title="Pitfall: components defined inside components">
        <p>
          Define components at the top level of a file, never inside another component. A component defined
          inside another is a new component on every render, so React throws away its state each time.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="component/timetable"
        title="List the lectures"
        starter={[timetableStarter]}
        hint={
          <p>
            Inside the <code>&lt;ul&gt;</code>, switch to JavaScript with curly braces and call{' '}
            <code>lectures.map</code>. Turn each lecture into an <code>&lt;li&gt;</code>, and remember its{' '}
            <code>key</code>: each lecture has an <code>id</code>.
          </p>
        }
      >
        <p>
          The timetable counts this week's lectures, but its list is empty. Show every lecture in the{' '}
          <code>lectures</code> array as an item of the list, in the same order, such as "Monday: Accounting".
        </p>
      </Challenge>
    </>
  );
}
