import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { valueOf } from '../../../sandbox/check-reads';

/** How often the roster says it has rendered. */
function rosterRenders(screen: Screen, fail: CheckTools['fail']): number {
  const match = /rendered (\d+) times?/i.exec(screen.text());
  if (!match) fail('Expected the roster to say how often it has rendered ("The roster has rendered 1 times"), but it does not.');
  return Number(match![1]);
}

/** Waits for effects to write the render count into the page. */
const afterEffects = (tools: CheckTools) => tools.sleep(30);

const checks: Check[] = [
  {
    title: 'The roster still shows the course and its room',
    run({ render, fail }) {
      if (!/bcom\W+room 204(?!\d)/i.test(render().text())) fail('Expected the roster to show "BCom, room 204", but it does not.');
    },
  },
  {
    title: 'Typing a note does not render the roster again',
    async run(tools) {
      const screen = tools.render();
      await afterEffects(tools);
      const before = rosterRenders(screen, tools.fail);
      await tools.type(screen.getByLabelText(/note/i), 'Quiz on Friday');
      await afterEffects(tools);
      const after = rosterRenders(screen, tools.fail);
      if (after !== before) {
        tools.fail(`Typing 14 letters in the note rendered the roster ${after - before} more times, though the number of students did not change.`);
      }
    },
  },
  {
    title: 'Adding a student still updates the roster',
    async run(tools) {
      const screen = tools.render();
      await afterEffects(tools);
      const before = rosterRenders(screen, tools.fail);
      await tools.click(screen.getByRole('button', { name: /add a student/i }));
      await tools.waitFor(() => {
        if (!/students enrolled\W+31(?!\d)/i.test(screen.text())) {
          tools.fail('After clicking "Add a student", expected the roster to show "Students enrolled: 31", but it does not.');
        }
      }, 300);
      await afterEffects(tools);
      const after = rosterRenders(screen, tools.fail);
      if (after !== before + 1) tools.fail(`Adding a student should render the roster once more, but it rendered ${after - before} more times.`);
    },
  },
  {
    title: 'The note field still shows what you type',
    async run({ render, type, fail }) {
      const field = render().getByLabelText(/note/i);
      await type(field, 'Quiz on Friday');
      if (valueOf(field) !== 'Quiz on Friday') fail(`After typing "Quiz on Friday", the note field shows "${valueOf(field)}".`);
    },
  },
];

export default checks;
