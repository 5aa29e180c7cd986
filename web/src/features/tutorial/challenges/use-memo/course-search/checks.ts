import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { textOf } from '../../../sandbox/check-reads';

const ALL = ['Biology', 'Chemistry', 'Physics', 'Mathematics', 'Computer Science', 'Economics', 'English Literature', 'History'];

/** The number in "Searches so far: …". */
function runs(screen: Screen, fail: CheckTools['fail']): number {
  const match = /searches so far:?\s*(\d+)/i.exec(screen.text());
  if (!match) return fail('Expected to see "Searches so far:" and a number, but it is not there. Keep that line: the checks read it.');
  return Number(match[1]);
}

function expectCourses(screen: Screen, fail: CheckTools['fail'], expected: string[], after: string) {
  const shown = screen.getAllByRole('listitem').map((item) => textOf(item).trim());
  if (shown.join('|') !== expected.join('|')) {
    fail(`Expected the list to show ${expected.join(', ') || 'no courses'} ${after}, but it shows ${shown.join(', ') || 'no courses'}.`);
  }
}

async function tickLargeText(tools: CheckTools, screen: Screen) {
  await tools.click(screen.getByRole('checkbox', { name: /large text/i }));
}

const checks: Check[] = [
  {
    title: 'Typing in the search box filters the courses',
    async run(tools) {
      const screen = tools.render();
      expectCourses(screen, tools.fail, ALL, 'at first');
      await tools.type(screen.getByLabelText(/search courses/i), 'ch');
      expectCourses(screen, tools.fail, ['Chemistry'], 'for "ch"');
    },
  },
  {
    title: 'Ticking "Large text" does not run the search again',
    async run(tools) {
      const screen = tools.render();
      const before = runs(screen, tools.fail);
      await tickLargeText(tools, screen);
      await tickLargeText(tools, screen);
      const after = runs(screen, tools.fail);
      if (after !== before) {
        tools.fail(
          `Ticking and unticking "Large text" ran the search ${after - before} more times (Searches so far went from ${before} to ${after}). The search text did not change, so its result should be reused.`,
        );
      }
    },
  },
  {
    title: 'Each change to the search text still runs the search',
    async run(tools) {
      const screen = tools.render();
      const field = screen.getByLabelText(/search courses/i);
      await tickLargeText(tools, screen);
      await tools.type(field, 'e');
      expectCourses(screen, tools.fail, ['Chemistry', 'Mathematics', 'Computer Science', 'Economics', 'English Literature'], 'for "e"');
      await tools.type(field, 'n');
      expectCourses(screen, tools.fail, ['Computer Science', 'English Literature'], 'for "en"');
      await tools.clear(field);
      expectCourses(screen, tools.fail, ALL, 'once the search box is empty again');
    },
  },
];

export default checks;
