import type { Check, Screen } from '../../../sandbox/check-tools';
import { focus, valueOf } from '../../../sandbox/check-reads';

const searchField = (screen: Screen) => screen.getByLabelText(/^search$/i);
const clearButton = (screen: Screen) => screen.getByRole('button', { name: /^clear$/i });

const checks: Check[] = [
  {
    title: 'What you type shows under the field',
    async run({ render, type, expectText }) {
      const screen = render();
      await type(searchField(screen), 'hooks');
      expectText(screen.getByText(/^you searched for/i), 'You searched for: hooks');
    },
  },
  {
    title: 'Clear empties the field',
    async run({ render, type, click, fail }) {
      const screen = render();
      const field = searchField(screen);
      await type(field, 'hooks');
      await click(clearButton(screen));
      if (valueOf(searchField(screen)) !== '') fail(`After pressing Clear, the field should be empty, but it holds "${valueOf(searchField(screen))}".`);
      if (/hooks/i.test(screen.text())) fail('After pressing Clear, the page still shows "hooks".');
    },
  },
  {
    title: 'Clear puts the cursor back in the field',
    async run({ render, type, click, fail }) {
      const screen = render();
      await type(searchField(screen), 'hooks');
      const button = clearButton(screen);
      // Clicking a button moves the focus to it, as a real click would.
      focus(button);
      await click(button);
      if (document.activeElement !== searchField(screen)) {
        fail('After pressing Clear, the keyboard focus should be in the Search field, so the user can type again straight away.');
      }
    },
  },
];

export default checks;
