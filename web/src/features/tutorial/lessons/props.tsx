import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import { CourseCards } from '../demos/props/course-card';
import courseCardSource from '../demos/props/course-card.tsx?highlight';
import courseFormatSource from '../demos/props/course-format.ts?highlight';
import noticeBoardStarter from '../challenges/props/notice-board/starter/notice-board.tsx?highlight';
import studentCardsStarter from '../challenges/props/student-cards/starter/student-cards.tsx?highlight';

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

      <h2>Challenges</h2>
      <Challenge
        id="props/student-cards"
        title="One card, three students"
        starter={[studentCardsStarter]}
        hint={
          <p>
            Describe the props with an interface, take them apart in the function's parameter, and put each one
            in the markup with curly braces, as <code>CourseCard</code> does. Text goes in quotes; the year is a
            number, so it goes in curly braces.
          </p>
        }
      >
        <p>
          <code>ClassList</code> uses <code>StudentCard</code> three times, but every card shows Asha Rao. Give{' '}
          <code>StudentCard</code> the props <code>name</code>, <code>course</code> and <code>year</code>, and
          show them on the card. Then pass each student's details where the card is used: they are in the
          comments.
        </p>
      </Challenge>
      <Challenge
        id="props/notice-board"
        title="Show the children"
        starter={[noticeBoardStarter]}
        hint={
          <p>
            What you write between a component's tags arrives as the prop <code>children</code>. The interface
            already lists it; the function just never uses it.
          </p>
        }
      >
        <p>
          Each <code>Panel</code> shows its title, but the notices written between its tags are missing. Make{' '}
          <code>Panel</code> show them below its title.
        </p>
      </Challenge>
    </>
  );
}
