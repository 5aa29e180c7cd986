import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { querySelector, textOf } from '../../../sandbox/check-reads';

interface Item {
  id: number;
  name: string;
}

type ListReducer = (items: Item[], action: { type: 'removed'; id: number } | { type: 'added'; name: string }) => unknown;

/** The names on the list, in order (each list item's text without its Remove button). */
function namesOn(screen: Screen): string[] {
  return screen.getAllByRole('listitem').map((item) =>
    textOf(item)
      .replace(/remove/gi, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

function expectNames(screen: Screen, fail: CheckTools['fail'], expected: string[], after: string, hint = '') {
  const names = namesOn(screen);
  if (names.join('|').toLowerCase() !== expected.join('|').toLowerCase()) {
    const shown = names.map((name) => name || '(an item with no name)').join(', ');
    fail(`Expected the list to be ${expected.join(', ')} ${after}, but it is ${shown || 'empty'}.${hint}`);
  }
}

function removeButtonOf(screen: Screen, fail: CheckTools['fail'], name: string): HTMLElement {
  const item = screen.getAllByRole('listitem').find((element) => new RegExp(`\\b${name}\\b`, 'i').test(textOf(element)));
  if (!item) return fail(`Expected ${name} on the list, but it is not there.`);
  const button = querySelector(item, 'button');
  if (!button) return fail(`Expected a Remove button next to ${name}, but there is none.`);
  return button as HTMLElement;
}

async function add(tools: CheckTools, screen: Screen, name: string) {
  const field = screen.getByLabelText(/item/i);
  await tools.clear(field);
  if (name) await tools.type(field, name);
  await tools.click(screen.getByRole('button', { name: /^add$/i }));
}

const NEW_ARRAY = ' Does the reducer return a new array, instead of changing the old one and returning it?';

const checks: Check[] = [
  {
    title: 'Adding an item puts it at the end of the list',
    async run(tools) {
      const screen = tools.render();
      await add(tools, screen, 'Eggs');
      expectNames(screen, tools.fail, ['Milk', 'Bread', 'Apples', 'Eggs'], 'after adding Eggs');
    },
  },
  {
    title: 'Remove takes the item off the list',
    async run(tools) {
      const screen = tools.render();
      await tools.click(removeButtonOf(screen, tools.fail, 'Bread'));
      expectNames(screen, tools.fail, ['Milk', 'Apples'], 'after removing Bread', NEW_ARRAY);
    },
  },
  {
    title: 'Removing two items one after the other works',
    async run(tools) {
      const screen = tools.render();
      await tools.click(removeButtonOf(screen, tools.fail, 'Milk'));
      await tools.click(removeButtonOf(screen, tools.fail, 'Apples'));
      expectNames(screen, tools.fail, ['Bread'], 'after removing Milk and Apples', NEW_ARRAY);
    },
  },
  {
    title: 'listReducer leaves the list it is given unchanged',
    run({ exports, fail }) {
      if (typeof exports.listReducer !== 'function') fail('Keep exporting listReducer from shopping-list.tsx: this check calls it on its own.');
      const listReducer = exports.listReducer as ListReducer;
      const before: Item[] = [
        { id: 1, name: 'Milk' },
        { id: 2, name: 'Bread' },
      ];
      const after = listReducer(before, { type: 'removed', id: 1 });
      if (before.length !== 2 || before[0]?.name !== 'Milk') {
        fail('listReducer changed the array it was given when removing an item. A reducer must leave the old state as it was and return a new array.');
      }
      if (after === before) fail('listReducer returned the same array when removing an item. Return a new array, so that React sees the change.');
      if (!Array.isArray(after) || after.length !== 1 || (after[0] as Item | undefined)?.name !== 'Bread') {
        fail('listReducer(Milk and Bread, removed Milk) should return a list with only Bread in it.');
      }
    },
  },
  {
    title: 'A blank name adds nothing',
    async run(tools) {
      const screen = tools.render();
      await add(tools, screen, '');
      expectNames(screen, tools.fail, ['Milk', 'Bread', 'Apples'], 'after pressing Add with an empty field');
      await add(tools, screen, '   ');
      expectNames(screen, tools.fail, ['Milk', 'Bread', 'Apples'], 'after adding a name of only spaces');
    },
  },
];

export default checks;
