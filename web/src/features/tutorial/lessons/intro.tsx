import { AppLink } from '../../../shared/components/app-link';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import { LikeButton } from '../demos/like-button/like-button';
import likeButtonSource from '../demos/like-button/like-button.tsx?highlight';

export default function IntroLesson() {
  return (
    <>
      <p className="lead">
        React is a JavaScript library for building user interfaces out of small, reusable pieces called
        components.
      </p>
      <p>
        A web page built with React is a tree of components: a header, a sidebar, a course card, a button. Each
        component is a JavaScript function that returns the markup it should show. When the data behind a
        component changes, React calls the function again and updates only the parts of the page that changed.
      </p>
      <p>
        You describe <em>what</em> the page should look like for the current data, and React works out{' '}
        <em>how</em> to change the page to match. This is called a declarative style, and it is the big idea
        behind React.
      </p>

      <h2>Why learn React?</h2>
      <ul>
        <li>Components let you build a page from parts you can test and reuse.</li>
        <li>The same ideas carry over to mobile apps (React Native) and to server-rendered sites.</li>
        <li>It is one of the most widely used tools for front-end work, so it is a useful skill for placements.</li>
      </ul>

      <h2>Try it</h2>
      <p>
        Here is a complete component. It remembers one thing, whether you like it, and shows a different label
        for each case. The code below is the very file that runs in the box underneath.
      </p>
      <EditableDemo name="Like button" sources={[likeButtonSource]}>
        <LikeButton />
      </EditableDemo>
      <p>
        Do not worry about <code>useState</code> yet: the <AppLink href="/react/web-hooks/use-state">useState
        lesson</AppLink> explains it. For now, notice that the function returns HTML-like markup (JSX) and that
        clicking the button changes what it shows without you touching the page yourself.
      </p>

      <h2>What you need to know first</h2>
      <p>
        You should be comfortable with HTML, CSS and modern JavaScript: <code>const</code> and{' '}
        <code>let</code>, arrow functions, arrays with <code>map</code> and <code>filter</code>, objects, and{' '}
        <code>import</code>/<code>export</code>. The examples use TypeScript, which is JavaScript with types; you
        can read them as JavaScript and ignore the parts after a colon.
      </p>
      <Note kind="tip" title="How to use this tutorial">
        <p>
          Read each lesson in order with the links at the bottom of the page, or jump around with the lesson list.
          Every lesson shows the source of its demo and the demo itself, so you can compare the code with what it
          does.
        </p>
      </Note>
    </>
  );
}
