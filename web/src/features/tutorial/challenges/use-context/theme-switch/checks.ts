import type { Check, Screen } from '../../../sandbox/check-tools';

const toolbarLabel = (screen: Screen) => screen.getByText(/^toolbar theme:/i);
const cardLabel = (screen: Screen) => screen.getByText(/^card theme:/i);
const switchButton = (screen: Screen) => screen.getByRole('button', { name: /switch theme/i });

const checks: Check[] = [
  {
    title: 'At first the toolbar and the card both show the light theme',
    run({ render, expectText }) {
      const screen = render();
      expectText(toolbarLabel(screen), 'Toolbar theme: light', 'the toolbar');
      expectText(cardLabel(screen), 'Card theme: light', 'the card');
    },
  },
  {
    title: '"Switch theme" switches the toolbar to dark',
    async run({ render, click, expectText }) {
      const screen = render();
      await click(switchButton(screen));
      expectText(toolbarLabel(screen), 'Toolbar theme: dark', 'the toolbar after one switch');
    },
  },
  {
    title: '"Switch theme" switches the card to dark too',
    async run({ render, click, expectText }) {
      const screen = render();
      await click(switchButton(screen));
      expectText(cardLabel(screen), 'Card theme: dark', 'the card after one switch');
    },
  },
  {
    title: 'Switching twice goes back to light everywhere',
    async run({ render, click, expectText }) {
      const screen = render();
      await click(switchButton(screen));
      await click(switchButton(screen));
      expectText(toolbarLabel(screen), 'Toolbar theme: light', 'the toolbar after two switches');
      expectText(cardLabel(screen), 'Card theme: light', 'the card after two switches');
    },
  },
];

export default checks;
