import type { Check, CheckTools } from '../../../sandbox/check-tools';

/** Waits briefly for the document's title to become `expected`, then fails saying what it is. */
async function expectTitle({ waitFor, fail }: CheckTools, expected: string, when: string) {
  await waitFor(() => {
    if (document.title !== expected) fail(`${when}, the title should be "${expected}", but it is "${document.title}".`);
  }, 300);
}

const checks: Check[] = [
  {
    title: 'At first the title is "Inbox"',
    async run(tools) {
      document.title = 'Another page';
      tools.render();
      await expectTitle(tools, 'Inbox', 'Before any message arrives');
    },
  },
  {
    title: 'Each new message adds one to the count and to the title',
    async run(tools) {
      const screen = tools.render();
      const button = screen.getByRole('button', { name: /new message/i });
      await tools.click(button);
      await expectTitle(tools, 'Inbox (1)', 'After one new message');
      await tools.click(button);
      await tools.click(button);
      tools.expectText(screen.getByText(/^unread messages/i), 'Unread messages: 3', 'the count after three new messages');
      await expectTitle(tools, 'Inbox (3)', 'After three new messages');
    },
  },
  {
    title: '"Mark all as read" puts the title back to "Inbox"',
    async run(tools) {
      const screen = tools.render();
      await tools.click(screen.getByRole('button', { name: /new message/i }));
      await tools.click(screen.getByRole('button', { name: /new message/i }));
      await tools.click(screen.getByRole('button', { name: /mark all as read/i }));
      tools.expectText(screen.getByText(/^unread messages/i), 'Unread messages: 0', 'the count after marking all as read');
      await expectTitle(tools, 'Inbox', 'After marking all as read');
    },
  },
];

export default checks;
