import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';

/** Presses a key `times` times, as if typing on the page. */
async function pressKey({ sleep }: CheckTools, times: number) {
  for (let i = 0; i < times; i++) {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    await sleep(0);
  }
}

const counter = (screen: Screen) => screen.getByText(/^keys pressed/i);
const box = (screen: Screen) => screen.getByRole('checkbox', { name: /count key presses/i });

const checks: Check[] = [
  {
    title: 'Each key press adds one to the count',
    async run(tools) {
      const screen = tools.render();
      tools.expectText(counter(screen), 'Keys pressed: 0', 'the count at first');
      await pressKey(tools, 3);
      tools.expectText(counter(screen), 'Keys pressed: 3', 'the count after three key presses');
    },
  },
  {
    title: 'Unticking the box stops the counting',
    async run(tools) {
      const screen = tools.render();
      await pressKey(tools, 1);
      await tools.click(box(screen));
      await pressKey(tools, 2);
      tools.expectText(counter(screen), 'Keys pressed: 1', 'the count after unticking the box and pressing two more keys');
    },
  },
  {
    title: 'Ticking the box again counts each key press once',
    async run(tools) {
      const screen = tools.render();
      await tools.click(box(screen));
      await tools.click(box(screen));
      await tools.click(box(screen));
      await tools.click(box(screen));
      await pressKey(tools, 2);
      tools.expectText(counter(screen), 'Keys pressed: 2', 'the count after turning counting off and on twice, then pressing two keys');
    },
  },
];

export default checks;
