import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { thrownBy } from '../../../sandbox/check-reads';

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

const nameField = (screen: Screen) => screen.getByLabelText(/^name$/i);
const nicknameBox = (screen: Screen) => screen.getByRole('checkbox', { name: /nickname/i });
const nicknameField = (screen: Screen) => screen.getByLabelText(/^nickname$/i);
const greeting = (screen: Screen) => screen.getByText(/^hello,/i);

const checks: Check[] = [
  {
    title: 'It greets you by your name',
    async run({ render, type, expectText }) {
      const screen = render();
      await type(nameField(screen), 'Asha');
      expectText(greeting(screen), 'Hello, Asha!', 'the greeting');
    },
  },
  {
    title: 'Ticking "I have a nickname" shows a Nickname field',
    async run(tools) {
      const screen = tools.render();
      if (screen.queryByText(/^nickname$/i)) tools.fail('The Nickname field should only appear once the box is ticked.');
      await clickWatchingErrors(tools, nicknameBox(screen));
      nicknameField(screen);
    },
  },
  {
    title: 'With the box ticked, the greeting uses the nickname',
    async run(tools) {
      const screen = tools.render();
      await tools.type(nameField(screen), 'Asha');
      await clickWatchingErrors(tools, nicknameBox(screen));
      await tools.type(nicknameField(screen), 'Ash');
      tools.expectText(greeting(screen), 'Hello, Ash!', 'the greeting');
    },
  },
  {
    title: 'Unticking the box hides the field and greets you by name again',
    async run(tools) {
      const screen = tools.render();
      await tools.type(nameField(screen), 'Asha');
      await clickWatchingErrors(tools, nicknameBox(screen));
      await tools.type(nicknameField(screen), 'Ash');
      await clickWatchingErrors(tools, nicknameBox(screen));
      if (screen.queryByText(/^nickname$/i)) tools.fail('After unticking the box, the Nickname field is still there.');
      tools.expectText(greeting(screen), 'Hello, Asha!', 'the greeting after unticking the box');
      await clickWatchingErrors(tools, nicknameBox(screen));
      nicknameField(screen);
    },
  },
];

export default checks;
