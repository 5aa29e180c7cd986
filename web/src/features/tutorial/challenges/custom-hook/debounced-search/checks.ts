import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { textOf } from '../../../sandbox/check-reads';

const ALL = ['Biology', 'Chemistry', 'Physics', 'Mathematics', 'Computer Science', 'Economics', 'History'];
/** The courses that contain "c", and those that contain "ch". */
const WITH_C = ['Chemistry', 'Physics', 'Mathematics', 'Computer Science', 'Economics'];
const WITH_CH = ['Chemistry'];

const shown = (screen: Screen) => screen.getAllByRole('listitem').map((item) => textOf(item).trim());

const list = (names: string[]) => names.join(', ') || 'no courses';

function expectCourses(screen: Screen, fail: CheckTools['fail'], expected: string[], when: string, hint = '') {
  const names = shown(screen);
  if (names.join('|') !== expected.join('|')) fail(`Expected the list to show ${list(expected)} ${when}, but it shows ${list(names)}.${hint}`);
}

const field = (screen: Screen) => screen.getByLabelText(/find a course/i);

const checks: Check[] = [
  {
    title: 'The list does not change while you are still typing',
    async run(tools) {
      const screen = tools.render();
      await tools.type(field(screen), 'ch');
      expectCourses(screen, tools.fail, ALL, 'straight after typing "ch"', ' It should wait until the typing has paused for 300 ms.');
    },
  },
  {
    title: 'Once the typing pauses, the list follows the search',
    async run(tools) {
      const screen = tools.render();
      await tools.type(field(screen), 'ch');
      await tools.waitFor(() => expectCourses(screen, tools.fail, WITH_CH, 'a moment after typing "ch"'), 1000);
    },
  },
  {
    title: 'Each key press starts the wait again',
    async run(tools) {
      const screen = tools.render();
      await tools.type(field(screen), 'c');
      await tools.sleep(150);
      await tools.type(field(screen), 'h');
      // Watch the list until it shows the search for "ch", noting whether the search for "c" alone ever appeared.
      let sawC = false;
      await tools.waitFor(() => {
        if (shown(screen).join('|') === WITH_C.join('|')) sawC = true;
        expectCourses(screen, tools.fail, WITH_CH, 'once the typing has paused after "ch"');
      }, 1000);
      if (sawC) {
        tools.fail(
          'The list showed the courses for "c" alone, although "h" was typed only 150 ms after "c". Typing "h" should cancel the wait for "c" and start a new one.',
        );
      }
    },
  },
];

export default checks;
