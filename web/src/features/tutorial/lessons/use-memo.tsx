import { Challenge } from '../components/challenge';
import { EditableDemo } from '../components/editable-demo';
import { Note } from '../components/note';
import courseSearchStarter from '../challenges/use-memo/course-search/starter/course-search.tsx?highlight';
import coursesStarter from '../challenges/use-memo/course-search/starter/courses.ts?highlight';
import ticketOrderStarter from '../challenges/use-memo/ticket-total/starter/ticket-order.tsx?highlight';
import pricesStarter from '../challenges/use-memo/ticket-total/starter/prices.ts?highlight';
import { PrimeDemo } from '../demos/primes/prime-demo';
import primeDemoSource from '../demos/primes/prime-demo.tsx?highlight';
import primesSource from '../demos/primes/primes.ts?highlight';
import updateTimerSource from '../demos/primes/use-update-timer.ts?highlight';

export default function UseMemoLesson() {
  return (
    <>
      <p className="lead">
        <code>useMemo</code> remembers the result of a calculation and reuses it until its inputs change.
      </p>
      <p>
        <code>{'const count = useMemo(() => countPrimes(limit), [limit])'}</code> runs the calculation on the
        first render and stores the result. On later renders React compares each dependency with its previous
        value; if none changed, it returns the stored result without calling the function.
      </p>

      <h2>Try it</h2>
      <p>
        Counting primes by trial division is deliberately slow. Press <q>Toggle highlight</q>: only the colour
        changes, but the component renders again. With useMemo the count is reused and the update takes a
        millisecond or so. Untick <q>Use useMemo</q> and press it again: now every render counts the primes once
        more, and the time shown jumps. Changing the limit recalculates in both cases, because the input changed.
      </p>
      <EditableDemo name="useMemo" sources={[primeDemoSource, primesSource, updateTimerSource]}>
        <PrimeDemo />
      </EditableDemo>

      <h2>When to use useMemo</h2>
      <p>
        Use it for calculations that are measurably slow (as a rule of thumb, a millisecond or more) or to keep
        an object or array the same between renders so that a memoised child can skip rendering. Most
        calculations are fast; wrapping them only adds noise.
      </p>
      <Note title="Pitfall: missing dependencies">
        <p>
          If the calculation uses a value that is not in the dependency list, useMemo keeps returning a result
          based on the old value. List everything the calculation reads.
        </p>
      </Note>
      <Note title="Pitfall: side effects inside useMemo">
        <p>
          The function you pass must be pure: it only calculates. React may call it again or throw the cached
          result away, so never start requests or change variables there.
        </p>
      </Note>

      <h2>Challenges</h2>
      <Challenge
        id="use-memo/course-search"
        title="Search only when the search changes"
        starter={[courseSearchStarter, coursesStarter]}
        hint={
          <p>
            Wrap the call in <code>{'useMemo(() => ..., [...])'}</code>. Which values does the search read? Those, and
            only those, belong in the dependency list.
          </p>
        }
      >
        <p>
          Pretend that <code>searchCourses</code> is slow. At the moment it runs on every render: tick{' '}
          <q>Large text</q> and <q>Searches so far</q> goes up, although the search text did not change. Use useMemo
          so that the search runs again only when the search text changes. The list must still follow what you type.
        </p>
      </Challenge>
      <Challenge
        id="use-memo/ticket-total"
        title="Fix the stale total"
        starter={[ticketOrderStarter, pricesStarter]}
        hint={
          <p>
            Compare the values that the calculation reads with the values in its dependency list. This is the missing
            dependency pitfall from above.
          </p>
        }
      >
        <p>
          The total is worked out with useMemo, but it ignores the number of tickets: ask for 3 student tickets and it
          still says ₹150. Fix it, so that the total follows both the ticket type and the number of tickets. Typing a
          note must still not work the total out again.
        </p>
      </Challenge>
    </>
  );
}
