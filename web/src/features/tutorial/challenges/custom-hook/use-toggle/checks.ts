import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { textOf } from '../../../sandbox/check-reads';

const DETAILS = /tours of the labs/i;

function expectDetails(screen: Screen, fail: CheckTools['fail'], shown: boolean, after: string) {
  const visible = screen.queryByText(DETAILS) !== null;
  if (visible !== shown) fail(`Expected the details ${shown ? 'to be shown' : 'to be hidden'} ${after}, but they are ${visible ? 'shown' : 'hidden'}.`);
  const button = screen.getByRole('button', { name: /details/i });
  const label = shown ? /^hide details$/i : /^show details$/i;
  if (!label.test(textOf(button).trim())) {
    fail(`Expected the button to say "${shown ? 'Hide details' : 'Show details'}" ${after}, but it says "${textOf(button).trim()}".`);
  }
}

function expectSound(screen: Screen, fail: CheckTools['fail'], on: boolean, after: string) {
  const button = screen.getByRole('button', { name: /sound/i });
  const text = textOf(button).replace(/\s+/g, ' ').trim();
  const wanted = on ? 'on' : 'off';
  if (!new RegExp(`sound:?\\s*${wanted}$`, 'i').test(text)) fail(`Expected the sound button to say "Sound: ${wanted}" ${after}, but it says "${text}".`);
}

const detailsButton = (screen: Screen) => screen.getByRole('button', { name: /details/i });
const soundButton = (screen: Screen) => screen.getByRole('button', { name: /sound/i });

const checks: Check[] = [
  {
    title: 'At first the details are hidden and the sound is on',
    run({ render, fail }) {
      const screen = render();
      expectDetails(screen, fail, false, 'at first');
      expectSound(screen, fail, true, 'at first');
    },
  },
  {
    title: '"Show details" shows them, and a second click hides them again',
    async run(tools) {
      const screen = tools.render();
      await tools.click(detailsButton(screen));
      expectDetails(screen, tools.fail, true, 'after one click');
      await tools.click(detailsButton(screen));
      expectDetails(screen, tools.fail, false, 'after two clicks');
    },
  },
  {
    title: 'The sound button switches between on and off',
    async run(tools) {
      const screen = tools.render();
      await tools.click(soundButton(screen));
      expectSound(screen, tools.fail, false, 'after one click');
      await tools.click(soundButton(screen));
      expectSound(screen, tools.fail, true, 'after two clicks');
    },
  },
  {
    title: 'Each toggle keeps its own value',
    async run(tools) {
      const screen = tools.render();
      await tools.click(detailsButton(screen));
      expectDetails(screen, tools.fail, true, 'after clicking "Show details"');
      expectSound(screen, tools.fail, true, 'after showing the details (each toggle has its own value)');
      await tools.click(soundButton(screen));
      expectSound(screen, tools.fail, false, 'after clicking it once');
      expectDetails(screen, tools.fail, true, 'after switching the sound off (each toggle has its own value)');
    },
  },
];

export default checks;
