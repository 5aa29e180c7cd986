import type { Check } from '../../../sandbox/check-tools';

const checks: Check[] = [
  {
    title: 'At first the button says "Clicked 0 times"',
    run({ render, expectText }) {
      const button = render().getByRole('button');
      expectText(button, /^clicked 0 times$/i);
    },
  },
  {
    title: 'Each click adds one to the count',
    async run({ render, click, expectText }) {
      const button = render().getByRole('button');
      await click(button);
      await click(button);
      await click(button);
      expectText(button, /^clicked 3 times$/i, 'the button after three clicks');
    },
  },
  {
    title: 'One click says "time", not "times"',
    async run({ render, click, expectText }) {
      const button = render().getByRole('button');
      await click(button);
      expectText(button, /^clicked 1 time$/i, 'the button after one click');
    },
  },
];

export default checks;
