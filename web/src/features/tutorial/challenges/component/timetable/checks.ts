import type { Check } from '../../../sandbox/check-tools';
import { spacedTextOf } from '../../../sandbox/check-reads';

const lectures = [
  { day: 'Monday', subject: 'Accounting' },
  { day: 'Tuesday', subject: 'Business Law' },
  { day: 'Wednesday', subject: 'Economics' },
  { day: 'Thursday', subject: 'Statistics' },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const checks: Check[] = [
  {
    title: 'The list has one item per lecture',
    run({ render, fail }) {
      const items = render().getAllByRole('listitem');
      if (items.length !== lectures.length) {
        fail(`Expected ${lectures.length} list items, one for each lecture, but found ${items.length}.`);
      }
    },
  },
  {
    title: 'Each item shows the day and the subject, in the order of the array',
    run({ render, fail }) {
      const items = render().getAllByRole('listitem');
      if (items.length !== lectures.length) fail(`Expected ${lectures.length} list items, but found ${items.length}.`);
      lectures.forEach(({ day, subject }, index) => {
        const shown = spacedTextOf(items[index]!);
        // "Monday: Accounting", or with any other punctuation between the two.
        if (!new RegExp(`^${escape(day)}\\W+${escape(subject)}$`, 'i').test(shown)) {
          fail(`Expected list item ${index + 1} to show "${day}: ${subject}", but it shows "${shown}".`);
        }
      });
    },
  },
];

export default checks;
