import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { parentOf, textOf } from '../../../sandbox/check-reads';

/** The votes shown in "Yes: …, No: …". */
function votes(screen: Screen, fail: CheckTools['fail']): { yes: number; no: number } {
  const text = screen.text();
  const yes = /\byes:\s*(\d+)/i.exec(text);
  const no = /\bno:\s*(\d+)/i.exec(text);
  if (!yes || !no) return fail('Expected to see "Yes:" and "No:" with the number of votes, but they are not there.');
  return { yes: Number(yes[1]), no: Number(no[1]) };
}

function expectVotes(screen: Screen, fail: CheckTools['fail'], yes: number, no: number, after: string) {
  const shown = votes(screen, fail);
  if (shown.yes !== yes || shown.no !== no) {
    fail(`Expected Yes: ${yes}, No: ${no} ${after}, but it shows Yes: ${shown.yes}, No: ${shown.no}.`);
  }
}

const button = (screen: Screen, answer: 'yes' | 'no') => screen.getByRole('button', { name: new RegExp(`vote ${answer}`, 'i') });

/** How many times the vote button has rendered, from the "renders: …" next to it. */
function rendersOf(screen: Screen, fail: CheckTools['fail'], answer: 'yes' | 'no'): number {
  for (let element: Element | null = button(screen, answer); element && element !== screen.container; element = parentOf(element)) {
    const match = /renders:?\s*(\d+)/i.exec(textOf(element));
    if (match) return Number(match[1]);
  }
  return fail(`Expected "renders:" and a number next to the Vote ${answer} button, but it is not there. Keep it: the checks read it.`);
}

const checks: Check[] = [
  {
    title: 'Each vote is counted',
    async run(tools) {
      const screen = tools.render();
      expectVotes(screen, tools.fail, 0, 0, 'at first');
      await tools.click(button(screen, 'yes'));
      await tools.click(button(screen, 'yes'));
      await tools.click(button(screen, 'no'));
      expectVotes(screen, tools.fail, 2, 1, 'after two votes for yes and one for no');
    },
  },
  {
    title: 'Typing your name does not render the vote buttons again',
    async run(tools) {
      const screen = tools.render();
      await tools.sleep(0);
      const before = { yes: rendersOf(screen, tools.fail, 'yes'), no: rendersOf(screen, tools.fail, 'no') };
      await tools.type(screen.getByLabelText(/your name/i), 'Asha');
      for (const answer of ['yes', 'no'] as const) {
        const after = rendersOf(screen, tools.fail, answer);
        if (after !== before[answer]) {
          tools.fail(
            `While you typed your name, the Vote ${answer} button rendered ${after - before[answer]} more times (from ${before[answer]} to ${after}). It is wrapped in memo, so it skips rendering only if its onVote prop is the same function as last time.`,
          );
        }
      }
    },
  },
  {
    title: 'Votes still count after typing a name',
    async run(tools) {
      const screen = tools.render();
      await tools.type(screen.getByLabelText(/your name/i), 'Ravi');
      for (let i = 0; i < 3; i += 1) await tools.click(button(screen, 'yes'));
      await tools.click(button(screen, 'no'));
      await tools.click(button(screen, 'no'));
      expectVotes(screen, tools.fail, 3, 2, 'after typing a name, then three votes for yes and two for no');
    },
  },
];

export default checks;
