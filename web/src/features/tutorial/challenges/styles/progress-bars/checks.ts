import type { Check, CheckTools, Screen } from '../../../sandbox/check-tools';
import { inlineStyle, querySelectorAll } from '../../../sandbox/check-reads';

const subjects = [
  { subject: 'Accounting', percent: 40 },
  { subject: 'Economics', percent: 25 },
  { subject: 'Statistics', percent: 100 },
];

/** The width, in per cent, that an inline style gives the bar's fill; undefined if none does. */
function fillPercent(bar: HTMLElement): number | undefined {
  const widths = querySelectorAll(bar, '*')
    .map((element) => inlineStyle(element, 'width'))
    .filter((width) => width !== '');
  const percent = widths.find((width) => width.endsWith('%'));
  return percent === undefined ? undefined : parseFloat(percent);
}

function expectFill(screen: Screen, fail: CheckTools['fail'], subject: string, expected: number) {
  const bar = screen.getByRole('progressbar', { name: subject });
  const percent = fillPercent(bar);
  if (percent === undefined) {
    fail(`Expected the fill of the ${subject} bar to have an inline style with a width in per cent (${expected}%), but it has none.`);
  }
  if (Math.abs(percent! - expected) > 1) {
    fail(`Expected the fill of the ${subject} bar to be ${expected}% wide, but its inline style says ${percent}%.`);
  }
}

const checks: Check[] = [
  {
    title: 'Each bar has a fill, sized with an inline style',
    run({ render, fail }) {
      const screen = render();
      for (const { subject, percent } of subjects) {
        if (fillPercent(screen.getByRole('progressbar', { name: subject })) === undefined) {
          fail(`Expected the fill of the ${subject} bar to have an inline style with a width in per cent (${percent}%), but it has none.`);
        }
      }
    },
  },
  {
    title: '2 of 5 lessons fills 40% of the bar',
    run({ render, fail }) {
      expectFill(render(), fail, 'Accounting', 40);
    },
  },
  {
    title: 'Every bar is filled as far as its lessons done (1 of 4 is 25%, 6 of 6 is 100%)',
    run({ render, fail }) {
      const screen = render();
      for (const { subject, percent } of subjects) expectFill(screen, fail, subject, percent);
    },
  },
];

export default checks;
