import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { textOf } from '../../../sandbox/check-reads';

/** The time on show, in tenths of a second. */
function tenthsShown(screen: Screen, { fail }: CheckTools): number {
  const text = textOf(screen.getByText(/^time:/i));
  const seconds = /(\d+(?:\.\d+)?)/.exec(text)?.[1];
  if (seconds === undefined) fail(`Expected the time to show a number, but it shows "${text}".`);
  return Math.round(Number(seconds) * 10);
}

/** Waits until the time has reached at least `tenths`. */
async function waitForTime(screen: Screen, tools: CheckTools, tenths: number, what: string) {
  await tools.waitFor(() => {
    if (tenthsShown(screen, tools) < tenths) tools.fail(`${what}, the time should go up, but it stays at ${(tenthsShown(screen, tools) / 10).toFixed(1)} s.`);
  }, 1000);
}

const startButton = (screen: Screen) => screen.getByRole('button', { name: /^start$/i });
const stopButton = (screen: Screen) => screen.getByRole('button', { name: /^stop$/i });

const checks: Check[] = [
  {
    title: 'At first the time is 0.0 s, and Start makes it go up',
    async run(tools) {
      const screen = tools.render();
      if (tenthsShown(screen, tools) !== 0) tools.fail('Before Start is pressed, the time should be 0.0 s.');
      await tools.click(startButton(screen));
      await waitForTime(screen, tools, 1, 'After pressing Start');
    },
  },
  {
    title: 'Stop stops the time',
    async run(tools) {
      const screen = tools.render();
      await tools.click(startButton(screen));
      await waitForTime(screen, tools, 2, 'After pressing Start');
      await tools.click(stopButton(screen));
      const stoppedAt = tenthsShown(screen, tools);
      await tools.sleep(300);
      const later = tenthsShown(screen, tools);
      if (later !== stoppedAt) {
        tools.fail(`After pressing Stop, the time should stay at ${(stoppedAt / 10).toFixed(1)} s, but it went on to ${(later / 10).toFixed(1)} s.`);
      }
    },
  },
  {
    title: 'Start after Stop carries on from where it stopped',
    async run(tools) {
      const screen = tools.render();
      await tools.click(startButton(screen));
      await waitForTime(screen, tools, 1, 'After pressing Start');
      await tools.click(stopButton(screen));
      const stoppedAt = tenthsShown(screen, tools);
      await tools.click(startButton(screen));
      await waitForTime(screen, tools, stoppedAt + 1, 'After pressing Start again');
    },
  },
  {
    title: 'Pressing Start twice does not make the time run faster',
    async run(tools) {
      const screen = tools.render();
      const started = Date.now();
      await tools.click(startButton(screen));
      await tools.click(startButton(screen));
      await tools.sleep(500);
      await tools.click(stopButton(screen));
      const elapsedTenths = (Date.now() - started) / 100;
      const shown = tenthsShown(screen, tools);
      if (shown > elapsedTenths + 2) {
        tools.fail(`After about ${(elapsedTenths / 10).toFixed(1)} s, the time shows ${(shown / 10).toFixed(1)} s: the second Start started a second interval.`);
      }
    },
  },
];

export default checks;
