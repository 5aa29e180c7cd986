import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { textOf, thrownBy } from '../../../sandbox/check-reads';

/** Clicks, and fails with React's error if the render that follows throws one. */
async function clickWatchingErrors(tools: CheckTools, element: Element) {
  const errors: unknown[] = [];
  const record = (event: ErrorEvent) => errors.push(thrownBy(event));
  window.addEventListener('error', record);
  try {
    await tools.click(element);
  } finally {
    window.removeEventListener('error', record);
  }
  if (errors.length > 0) throw errors[0];
}

const showAllBox = (screen: Screen) => screen.getByRole('checkbox', { name: /show all/i });
const voteButton = (screen: Screen, subject: string) => screen.getByRole('button', { name: new RegExp(`^${subject}`, 'i') });
/** The number of votes a subject's button shows. */
const votesOf = (screen: Screen, subject: string) => Number(/\d+/.exec(textOf(voteButton(screen, subject)))?.[0] ?? NaN);

const checks: Check[] = [
  {
    title: 'At first there are buttons for Maths and Physics only',
    run({ render, fail }) {
      const screen = render();
      voteButton(screen, 'Maths');
      voteButton(screen, 'Physics');
      if (screen.queryByRole('button', { name: /^history/i })) fail('History should only appear once "Show all subjects" is ticked.');
    },
  },
  {
    title: 'Each button counts its own votes',
    async run({ render, click, expectText, fail }) {
      const screen = render();
      await click(voteButton(screen, 'Maths'));
      await click(voteButton(screen, 'Maths'));
      await click(voteButton(screen, 'Physics'));
      expectText(voteButton(screen, 'Maths'), 'Maths: 2 votes', 'the Maths button after two clicks');
      if (votesOf(screen, 'Physics') !== 1) fail('After one click on Physics (and two on Maths), the Physics button should show 1 vote.');
    },
  },
  {
    title: 'Ticking "Show all subjects" shows all four subjects',
    async run(tools) {
      const screen = tools.render();
      await clickWatchingErrors(tools, showAllBox(screen));
      for (const subject of ['Maths', 'Physics', 'History', 'Art']) voteButton(screen, subject);
      await clickWatchingErrors(tools, voteButton(screen, 'Art'));
      if (votesOf(screen, 'Art') !== 1) tools.fail('After one click on Art, its button should show 1 vote.');
    },
  },
  {
    title: 'Votes are kept when you show and hide the other subjects',
    async run(tools) {
      const screen = tools.render();
      await tools.click(voteButton(screen, 'Maths'));
      await tools.click(voteButton(screen, 'Maths'));
      await tools.click(voteButton(screen, 'Maths'));
      await clickWatchingErrors(tools, showAllBox(screen));
      if (votesOf(screen, 'Maths') !== 3) tools.fail('After ticking "Show all subjects", Maths no longer shows its 3 votes.');
      await clickWatchingErrors(tools, showAllBox(screen));
      if (screen.queryByRole('button', { name: /^history/i })) tools.fail('After unticking the box, History is still shown.');
      if (votesOf(screen, 'Maths') !== 3) tools.fail('After unticking the box again, Maths no longer shows its 3 votes.');
    },
  },
];

export default checks;
