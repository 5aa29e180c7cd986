import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { fieldKind, optionsOf } from '../../../sandbox/check-reads';

/** The rupees after "Total:". */
function totalOf(screen: Screen, fail: CheckTools['fail']): number {
  const match = /total:\D*?([\d,]+)/i.exec(screen.text());
  if (!match) return fail('Expected to see "Total:" followed by an amount, but it is not there.');
  return Number(match[1]!.replace(/,/g, ''));
}

function expectTotal(screen: Screen, fail: CheckTools['fail'], expected: number, after: string) {
  const total = totalOf(screen, fail);
  if (total !== expected) fail(`Expected the total to be ₹${expected} ${after}, but it is ₹${total}.`);
}

/** The number after "Totals worked out so far:". */
function sums(screen: Screen, fail: CheckTools['fail']): number {
  const match = /worked out so far:?\s*(\d+)/i.exec(screen.text());
  if (!match) return fail('Expected to see "Totals worked out so far:" and a number, but it is not there. Keep that line: the checks read it.');
  return Number(match[1]);
}

async function setTickets(tools: CheckTools, screen: Screen, count: number) {
  const field = screen.getByLabelText(/tickets/i);
  await tools.clear(field);
  await tools.type(field, String(count));
}

async function chooseType(tools: CheckTools, screen: Screen, type: RegExp) {
  const select = screen.getByLabelText(/ticket type/i);
  if (fieldKind(select) !== 'select') return tools.fail('Expected "Ticket type" to be a drop-down list.');
  const option = optionsOf(select).find((choice) => type.test(choice.text));
  if (!option) return tools.fail(`Expected the ticket types to include one matching ${String(type)}.`);
  await tools.select(select, option.value);
}

const checks: Check[] = [
  {
    title: 'At first the total is ₹150, for one student ticket',
    run({ render, fail }) {
      expectTotal(render(), fail, 150, 'at first');
    },
  },
  {
    title: 'Changing the number of tickets changes the total',
    async run(tools) {
      const screen = tools.render();
      await setTickets(tools, screen, 3);
      expectTotal(screen, tools.fail, 450, 'for 3 student tickets');
      await setTickets(tools, screen, 2);
      expectTotal(screen, tools.fail, 300, 'for 2 student tickets');
    },
  },
  {
    title: 'Changing the ticket type changes the total',
    async run(tools) {
      const screen = tools.render();
      await chooseType(tools, screen, /adult/i);
      expectTotal(screen, tools.fail, 250, 'for 1 adult ticket');
      await setTickets(tools, screen, 4);
      await chooseType(tools, screen, /student/i);
      expectTotal(screen, tools.fail, 600, 'for 4 student tickets');
    },
  },
  {
    title: 'Typing a note does not work out the total again',
    async run(tools) {
      const screen = tools.render();
      const before = sums(screen, tools.fail);
      await tools.type(screen.getByLabelText(/note/i), 'Near the front');
      const after = sums(screen, tools.fail);
      if (after !== before) {
        tools.fail(
          `Typing a note worked out the total ${after - before} more times (from ${before} to ${after}). The tickets did not change, so the total should be reused.`,
        );
      }
    },
  },
];

export default checks;
