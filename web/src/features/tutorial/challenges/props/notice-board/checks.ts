import type { Check, Screen } from '../../../sandbox/check-tools';
import { contains, parentOf, spacedTextOf } from '../../../sandbox/check-reads';

const panels = [
  { title: 'Exams', notices: ['Exams start on 3 March.'] },
  { title: 'Library', notices: ['The library is open until 8 pm.', 'Return books within two weeks.'] },
];

const shows = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());

/** The largest element around the panel's heading that holds no other panel's heading: the panel. */
function panelOf(screen: Screen, title: string): HTMLElement {
  let panel = screen.getByRole('heading', { name: title });
  const otherHeadings = screen.getAllByRole('heading').filter((heading) => heading !== panel);
  for (let around = parentOf(panel); around && around !== screen.container; around = parentOf(around)) {
    if (otherHeadings.some((heading) => contains(around, heading))) break;
    panel = around as HTMLElement;
  }
  return panel;
}

const checks: Check[] = [
  {
    title: 'Every notice written between the Panel tags is on the page',
    run({ render, fail }) {
      const text = render().text();
      for (const { title, notices } of panels) {
        for (const notice of notices) {
          if (!shows(text, notice)) fail(`Expected to see "${notice}" (the ${title} panel's children), but it is not on the page.`);
        }
      }
    },
  },
  {
    title: 'Each notice is shown inside its own panel, with its title',
    run({ render, fail }) {
      const screen = render();
      for (const { title, notices } of panels) {
        const panel = spacedTextOf(panelOf(screen, title));
        for (const notice of notices) {
          if (!shows(panel, notice)) fail(`Expected the ${title} panel to show "${notice}", but it shows "${panel}".`);
        }
      }
    },
  },
  {
    title: 'The titles are still shown',
    run({ render }) {
      const screen = render();
      for (const { title } of panels) screen.getByRole('heading', { name: title });
    },
  },
];

export default checks;
