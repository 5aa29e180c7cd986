import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { defaultPrevented, preventDefault, spacedTextOf, valueOf } from '../../../sandbox/check-reads';

/**
 * Submits the form as pressing Enter would, and tells whether the student's
 * code called preventDefault. Whatever it did, the browser never loads a new
 * page here: a listener after React's cancels the submission.
 */
async function send(tools: CheckTools, field: HTMLElement): Promise<boolean> {
  let prevented = false;
  const listener = (event: Event) => {
    prevented = defaultPrevented(event);
    preventDefault(event);
  };
  window.addEventListener('submit', listener);
  try {
    await tools.submit(field);
  } finally {
    window.removeEventListener('submit', listener);
  }
  return prevented;
}

const questionField = (screen: Screen) => screen.getByLabelText(/your question/i);

/** Types each question into the field and sends the form; returns the screen. */
async function ask(tools: CheckTools, ...questions: string[]): Promise<Screen> {
  const screen = tools.render();
  for (const question of questions) {
    const field = questionField(screen);
    await tools.clear(field);
    await tools.type(field, question);
    await send(tools, field);
  }
  return screen;
}

const listed = (screen: Screen) => screen.getAllByRole('listitem').map(spacedTextOf);
const describeList = (items: string[]) => (items.length === 0 ? 'no items' : items.map((text) => `"${text}"`).join(', '));

const checks: Check[] = [
  {
    title: 'The question field shows what you type',
    async run({ render, type, fail }) {
      const field = questionField(render());
      await type(field, 'When is the exam?');
      if (valueOf(field) !== 'When is the exam?') {
        fail(`After typing "When is the exam?", the field shows "${valueOf(field)}". Give the input an onChange that stores the new text in state.`);
      }
    },
  },
  {
    title: 'Sending the form does not load a new page',
    async run(tools) {
      const field = questionField(tools.render());
      await tools.type(field, 'When is the exam?');
      if (!(await send(tools, field))) {
        tools.fail('Sending the form would make the browser load a new page. Handle the form\'s submit and call event.preventDefault().');
      }
    },
  },
  {
    title: 'A question you send appears in the list',
    async run(tools) {
      const items = listed(await ask(tools, 'When is the exam?'));
      if (!items.includes('When is the exam?')) {
        tools.fail(`Expected "When is the exam?" in the list after sending it, but the list has ${describeList(items)}.`);
      }
    },
  },
  {
    title: 'The field is empty again after sending',
    async run(tools) {
      const field = questionField(await ask(tools, 'When is the exam?'));
      if (valueOf(field) !== '') tools.fail(`Expected the field to be empty after sending, but it still shows "${valueOf(field)}".`);
    },
  },
  {
    title: 'Every question sent stays in the list, in the order they were asked',
    async run(tools) {
      const items = listed(await ask(tools, 'When is the exam?', 'Is the library open on Sunday?'));
      if (items.length !== 2 || items[0] !== 'When is the exam?' || items[1] !== 'Is the library open on Sunday?') {
        tools.fail(`After sending two questions, expected the list to have "When is the exam?", "Is the library open on Sunday?", but it has ${describeList(items)}.`);
      }
    },
  },
  {
    title: 'A blank question is not added',
    async run(tools) {
      const items = listed(await ask(tools, '', '   '));
      if (items.length > 0) tools.fail(`Sending an empty field, or only spaces, should add nothing, but the list has ${describeList(items)}.`);
    },
  },
];

export default checks;
