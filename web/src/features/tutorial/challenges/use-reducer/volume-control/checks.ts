import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';

/** The number after "Volume:" on the screen. */
function volumeOf(screen: Screen, fail: CheckTools['fail']): number {
  const match = /volume:?\s*(-?\d+)/i.exec(screen.text());
  if (!match) return fail('Expected to see "Volume:" followed by a number, but it is not there.');
  return Number(match[1]);
}

function expectVolume(screen: Screen, fail: CheckTools['fail'], expected: number, after: string) {
  const volume = volumeOf(screen, fail);
  if (volume !== expected) fail(`Expected the volume to be ${expected} ${after}, but it is ${volume}.`);
}

async function press(tools: CheckTools, screen: Screen, name: RegExp, times = 1) {
  const button = screen.getByRole('button', { name });
  for (let i = 0; i < times; i += 1) await tools.click(button);
}

const checks: Check[] = [
  {
    title: 'At first the volume is 5',
    run({ render, fail }) {
      expectVolume(render(), fail, 5, 'at first');
    },
  },
  {
    title: 'Louder adds one',
    async run(tools) {
      const screen = tools.render();
      await press(tools, screen, /^louder$/i, 2);
      expectVolume(screen, tools.fail, 7, 'after pressing Louder twice');
    },
  },
  {
    title: 'Quieter takes one away',
    async run(tools) {
      const screen = tools.render();
      await press(tools, screen, /^quieter$/i, 2);
      expectVolume(screen, tools.fail, 3, 'after pressing Quieter twice');
    },
  },
  {
    title: 'Mute sets the volume to 0',
    async run(tools) {
      const screen = tools.render();
      await press(tools, screen, /^louder$/i);
      await press(tools, screen, /^mute$/i);
      expectVolume(screen, tools.fail, 0, 'after pressing Mute');
      await press(tools, screen, /^louder$/i);
      expectVolume(screen, tools.fail, 1, 'after Mute and then Louder');
    },
  },
  {
    title: 'The volume never goes above 10',
    async run(tools) {
      const screen = tools.render();
      await press(tools, screen, /^louder$/i, 8);
      expectVolume(screen, tools.fail, 10, 'after pressing Louder 8 times from 5');
      await press(tools, screen, /^quieter$/i);
      expectVolume(screen, tools.fail, 9, 'after going up to 10 and pressing Quieter once');
    },
  },
  {
    title: 'The volume never goes below 0',
    async run(tools) {
      const screen = tools.render();
      await press(tools, screen, /^quieter$/i, 7);
      expectVolume(screen, tools.fail, 0, 'after pressing Quieter 7 times from 5');
      await press(tools, screen, /^louder$/i);
      expectVolume(screen, tools.fail, 1, 'after going down to 0 and pressing Louder once');
    },
  },
];

export default checks;
