import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { classesOf } from '../../../sandbox/check-reads';

const badges = [
  { text: '12 seats left', kind: 'open' },
  { text: 'Full', kind: 'full' },
  { text: '3 seats left', kind: 'open' },
] as const;

type Kind = (typeof badges)[number]['kind'];

/** The badge showing `text`, which must still have the seat-badge class. */
function badgeOf(screen: Screen, fail: CheckTools['fail'], text: string): HTMLElement {
  const badge = screen.getByText(text);
  if (!classesOf(badge).includes('seat-badge')) {
    fail(`Expected the "${text}" badge to keep the class seat-badge, but its classes are "${classesOf(badge).join(' ')}".`);
  }
  return badge;
}

function expectKind(screen: Screen, fail: CheckTools['fail'], text: string, kind: Kind) {
  const badge = badgeOf(screen, fail, text);
  const wanted = `seat-badge--${kind}`;
  const other = `seat-badge--${kind === 'open' ? 'full' : 'open'}`;
  const classes = classesOf(badge);
  if (!classes.includes(wanted)) fail(`Expected the "${text}" badge to have the class ${wanted}, but its classes are "${classes.join(' ')}".`);
  if (classes.includes(other)) fail(`Expected the "${text}" badge not to have the class ${other}, but it has.`);
}

const checks: Check[] = [
  {
    title: 'Every badge keeps the seat-badge class',
    run({ render, fail }) {
      const screen = render();
      for (const { text } of badges) badgeOf(screen, fail, text);
    },
  },
  {
    title: 'A course with no seats left gets the class seat-badge--full',
    run({ render, fail }) {
      expectKind(render(), fail, 'Full', 'full');
    },
  },
  {
    title: 'A course with seats left gets the class seat-badge--open',
    run({ render, fail }) {
      const screen = render();
      for (const { text, kind } of badges) if (kind === 'open') expectKind(screen, fail, text, kind);
    },
  },
];

export default checks;
