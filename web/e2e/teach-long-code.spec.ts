// Whatever a student saved, a teacher's page stays responsive when they open that student.
// Highlighting code costs time that grows with the square of a token's length, so a pass
// holding one 20 KB token used to hold the teacher's tab for seconds, and ten of them for minutes.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, staticOnly, test } from './fixtures';
import { createClass, join, newStudent, newTeacher, saveProgress, studentRow } from './teach-helpers';

test.skip(staticOnly, 'classes are kept by the real server');

/** The largest file the account keeps, as one token. */
const ONE_LONG_TOKEN = 'a'.repeat(20 * 1024);

const SMALL_SOLUTION = [
  "import { useState } from 'react';",
  '',
  'export function ClickCounter() {',
  '  const [count, setCount] = useState(0);',
  '  return <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>;',
  '}',
  '',
].join('\n');

/** Ten challenges passed with a long token each (the case), by id, title and the file of the pass. */
const LONG_PASSES: ReadonlyArray<readonly [id: string, title: string, file: string]> = [
  ['component/timetable', 'List the lectures', 'timetable.tsx'],
  ['props/notice-board', 'Show the children', 'notice-board.tsx'],
  ['props/student-cards', 'One card, three students', 'student-cards.tsx'],
  ['forms/question-box', 'Ask a question', 'question-box.tsx'],
  ['memo/skip-renders', 'Skip needless renders', 'class-room.tsx'],
  ['memo/stable-props', 'memo that never skips', 'class-room.tsx'],
  ['styles/progress-bars', 'Fill the progress bars', 'progress-bars.tsx'],
  ['styles/seat-badges', 'Mark the full courses', 'seat-badges.tsx'],
  ['web-hooks/nickname', 'Tick the box without a crash', 'nickname-greeting.tsx'],
  ['hooks-intro/subject-votes', 'Vote for a subject', 'subject-votes.tsx'],
];

/** The longest task the page's main thread ran since the last reset, in ms (Chromium's Long Tasks API). */
const longestTask = (page: Page) => page.evaluate(() => (window as unknown as { longestTask: number }).longestTask);
const resetLongestTask = (page: Page) => page.evaluate(() => ((window as unknown as { longestTask: number }).longestTask = 0));

test('a teacher opens a student whose passes hold 20 KB single tokens, and the page stays responsive', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await page.addInitScript(() => {
    const record = window as unknown as { longestTask: number };
    record.longestTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.longestTask = Math.max(record.longestTask, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await newTeacher(page, 'Leela Teacher');
  const code = await createClass(page, 'BCA 3, long code');
  const student = await newStudent(browser, baseURL!, 'Omar Longtoken');
  expect(await join(student, baseURL!, code)).toBe(200);
  const passedAt = Date.now();
  await saveProgress(student, baseURL!, {
    passes: [
      ...LONG_PASSES.map(([challenge, , file]) => ({ challenge, passedAt, files: { [file]: ONE_LONG_TOKEN } })),
      { challenge: 'use-state/click-counter', passedAt, files: { 'click-counter.tsx': SMALL_SOLUTION } },
    ],
  });
  const row = studentRow(page, 'Omar Longtoken');
  await expect(row.getByRole('cell', { name: '11 of 23' })).toBeVisible();

  await resetLongestTask(page);
  await row.getByRole('button', { name: 'Omar Longtoken' }).click();
  const detail = page.getByRole('dialog', { name: 'Omar Longtoken' });
  await expect(detail.getByRole('heading', { name: 'Count the clicks' })).toBeVisible();
  // The teacher asks for every pass's code.
  for (const title of [...LONG_PASSES.map(([, title]) => title), 'Count the clicks']) {
    const pass = detail.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await pass.getByRole('button', { name: `Show the code: ${title}` }).click();
    await expect(pass.getByRole('region', { name: new RegExp(title) })).toBeVisible();
  }
  const longCode = detail.getByRole('region', { name: /Ask a question question-box\.tsx/ });
  await expect(longCode).toContainText(ONE_LONG_TOKEN);
  await expect(detail.getByText('Shown without colours: this file is too long to colour quickly.')).toHaveCount(LONG_PASSES.length);
  // Ordinary code is still coloured.
  const smallCode = detail.getByRole('region', { name: /Count the clicks click-counter\.tsx/ });
  await expect(smallCode.locator('.tok-keyword').first()).toBeVisible();
  await expectNoA11yViolations(page, 'a student with their passes shown');

  // The page answers at once: a click closes the dialog.
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
  // A generous bound: a frame is 16 ms, and before the fix one such file took seconds.
  expect(await longestTask(page)).toBeLessThan(1000);
  await student.context.close();
});
