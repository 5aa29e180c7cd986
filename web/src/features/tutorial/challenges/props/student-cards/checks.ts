import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { parentOf, spacedTextOf } from '../../../sandbox/check-reads';

const students = [
  { name: 'Asha Rao', course: 'BCom', year: 1 },
  { name: 'Ravi Kumar', course: 'BCA', year: 2 },
  { name: 'Meera Iyer', course: 'BBA', year: 3 },
];

const timesIn = (text: string, part: string) => text.toLowerCase().split(part.toLowerCase()).length - 1;

/** The largest element around the student's name that shows no other student: their card. */
function cardOf(screen: Screen, name: string): HTMLElement {
  let card = screen.getByText(new RegExp(name, 'i'));
  const others = students.filter((student) => student.name !== name);
  for (let around = parentOf(card); around && around !== screen.container; around = parentOf(around)) {
    if (others.some((other) => timesIn(spacedTextOf(around), other.name) > 0)) break;
    card = around as HTMLElement;
  }
  return card;
}

function expectEachNameOnce(screen: Screen, fail: CheckTools['fail']) {
  const text = screen.text();
  for (const { name } of students) {
    const times = timesIn(text, name);
    if (times === 0) fail(`Expected a card for ${name}, but "${name}" is not on the page.`);
    if (times > 1) fail(`Expected "${name}" once, on one card, but it appears ${times} times.`);
  }
}

const checks: Check[] = [
  {
    title: 'Each of the three students has a card of their own',
    run({ render, fail }) {
      expectEachNameOnce(render(), fail);
    },
  },
  {
    title: "Each card shows that student's course and year",
    run({ render, fail }) {
      const screen = render();
      expectEachNameOnce(screen, fail);
      for (const { name, course, year } of students) {
        const card = spacedTextOf(cardOf(screen, name));
        if (timesIn(card, course) === 0) fail(`Expected the card for ${name} to show the course ${course}, but it shows "${card}".`);
        if (!new RegExp(`\\byear\\W*${year}(?!\\d)`, 'i').test(card)) {
          fail(`Expected the card for ${name} to show year ${year}, but it shows "${card}".`);
        }
      }
    },
  },
];

export default checks;
