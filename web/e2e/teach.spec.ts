// A teacher's pages (/teach): classes, the join code, and a class's progress, live.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { registerNew } from './account-helpers';
import { accountButton } from './auth-helpers';
import { expect, expectNoA11yViolations, HTTP_ERROR_STATUS, staticOnly, test, waitForApp } from './fixtures';
import { editorParts } from './playground-helpers';
import { changeRole } from './roles-helpers';
import { createClass, join, joinLink, markDone, newStudent, newTeacher, progressTable, studentRow } from './teach-helpers';
import { waitForLesson } from './tutorial-helpers';

test.skip(staticOnly, 'classes are kept by the real server');

const ALL_CHALLENGES = 23;
const ISO_8601 = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/;
/** Chromium's message for an answer with status 403: expected where the role is taken away. */
const FORBIDDEN = /Failed to load resource: the server responded with a status of 403/;

const liveStatus = (page: Page) => page.getByRole('region', { name: 'Progress', exact: true }).getByRole('status').filter({ hasText: /Live|Connecting|Reconnecting|Not live/ });

/** The heading of the table column that `cell` is in. */
const columnOf = (cell: Locator) =>
  cell.evaluate((element: HTMLTableCellElement) => element.closest('table')!.tHead!.rows[0]!.cells[element.cellIndex]!.textContent);

const CLICK_COUNTER = [
  "import { useState } from 'react';",
  '',
  '// solved in the lab',
  'export function ClickCounter() {',
  '  const [count, setCount] = useState(0);',
  "  return <button onClick={() => setCount(count + 1)}>Clicked {count} {count === 1 ? 'time' : 'times'}</button>;",
  '}',
  '',
].join('\n');

test("a teacher's open table shows a student's join, lesson and pass live; the detail shows the code; the student can be removed", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await newTeacher(page, 'Priya Teacher');
  // The header's menu leads a teacher here.
  await accountButton(page, 'Priya Teacher').click();
  await expect(page.getByRole('link', { name: 'Classes you teach' })).toBeVisible();
  await page.keyboard.press('Escape');

  const code = await createClass(page, 'BCA 2, division A');
  const joinPanel = page.getByRole('region', { name: 'Let students in' });
  await expect(joinPanel.getByText(code, { exact: true })).toBeVisible();
  await expect(joinLink(page)).toHaveText(`${new URL(baseURL!).origin}/join/${code}`);
  await expect(joinPanel.getByRole('img', { name: `QR code of the join link, ${baseURL}/join/${code}` })).toBeVisible();
  await expect(liveStatus(page)).toHaveText('Live');
  await expect(page.getByText('No students yet.')).toBeVisible();

  // A student opens the link in another browser and joins: the open page shows them without a reload.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  const studentEmail = await registerNew(student, 'Asha Student', 'student');
  await student.goto(await joinLink(page).innerText());
  const joining = student.getByRole('region', { name: 'BCA 2, division A' });
  await joining.getByRole('button', { name: 'Join' }).click();
  await expect(student.getByRole('heading', { name: /You joined/ })).toBeVisible();
  const row = studentRow(page, 'Asha Student');
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: studentEmail })).toBeVisible();
  await expect(row.getByRole('cell', { name: `0 of ${ALL_CHALLENGES}` })).toBeVisible();

  // The student marks a lesson done.
  await student.goto('/react/install');
  await waitForLesson(student);
  await student.getByRole('button', { name: 'Mark as done' }).click();
  await expect(student.getByRole('status').filter({ hasText: 'You marked this lesson done.' })).toBeVisible();
  const done = row.getByRole('cell', { name: 'Done', exact: true });
  await expect(done).toHaveCount(1);
  expect(await columnOf(done)).toBe('Installing React');
  await expect(row.getByRole('cell', { name: '1 of 17' })).toBeVisible();
  // Its date shows on keyboard focus, and on hover.
  const tip = row.getByRole('tooltip');
  await expect(tip).toBeHidden();
  await done.locator('[tabindex="0"]').focus();
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(/\d{4}, \d\d:\d\d$/);
  await page.getByRole('heading', { level: 1 }).click();
  await expect(tip).toBeHidden();
  await done.locator('[tabindex="0"]').hover();
  await expect(tip).toBeVisible();
  const summary = progressTable(page).locator('tfoot').getByRole('row');
  await expect(summary).toContainText('1 of 1');

  // ... and passes a challenge.
  await student.goto('/react/web-hooks/use-state');
  await waitForLesson(student);
  const challenge = student.getByRole('region', { name: 'Challenge: Count the clicks' });
  await challenge.scrollIntoViewIfNeeded();
  await challenge.getByRole('button', { name: 'Solve it in the editor: Challenge: Count the clicks' }).click();
  const { editor } = editorParts(student, 'Challenge: Count the clicks', 'click-counter.tsx');
  await editor.fill(CLICK_COUNTER);
  await challenge.getByRole('button', { name: 'Check' }).click();
  await expect(challenge.getByText('All 3 checks pass. Well done!')).toBeVisible();
  await expect(row.getByRole('cell', { name: `1 of ${ALL_CHALLENGES}` })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'just now' })).toBeVisible();
  // That lesson's only challenge passed: it counts as done, as the tutorial counts it.
  await expect(row.getByRole('cell', { name: '2 of 17' })).toBeVisible();

  // The row opens the student's detail: the code that passed, highlighted when the teacher asks for it.
  await row.getByRole('button', { name: 'Asha Student' }).click();
  const detail = page.getByRole('dialog', { name: 'Asha Student' });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(detail.getByRole('heading', { name: 'Count the clicks' })).toBeVisible();
  const code1 = detail.getByRole('region', { name: /Count the clicks click-counter\.tsx/ });
  await expect(code1).toBeHidden();
  const showCode = detail.getByRole('button', { name: 'Show the code: Count the clicks' });
  await expect(showCode).toHaveAttribute('aria-expanded', 'false');
  await showCode.click();
  await expect(detail.getByRole('button', { name: 'Hide the code: Count the clicks' })).toHaveAttribute('aria-expanded', 'true');
  await expect(code1).toContainText('// solved in the lab');
  await expect(code1.locator('.tok-keyword').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(row.getByRole('button', { name: 'Asha Student' })).toBeFocused();

  // Removing the student takes the row away.
  await row.getByRole('button', { name: 'Asha Student' }).click();
  await detail.getByRole('button', { name: 'Remove from class' }).click();
  await detail.getByRole('button', { name: 'Yes, remove Asha Student' }).click();
  await expect(detail).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Asha Student is removed from the class.' })).toBeVisible();
  await expect(studentRow(page, 'Asha Student')).toHaveCount(0);
  await expect(page.getByText('No students yet.')).toBeVisible();
  await studentContext.close();
});

test('the table sorts by name, progress and last activity, and downloads as CSV', async ({ page, browser, baseURL }) => {
  test.slow();
  await newTeacher(page, 'Ravi Teacher');
  const code = await createClass(page, 'MCA 1');
  const meera = await newStudent(browser, baseURL!, 'Meera Nair');
  const arjun = await newStudent(browser, baseURL!, 'Arjun Rao');
  const zoya = await newStudent(browser, baseURL!, 'Zoya Khan');
  for (const student of [meera, arjun, zoya]) expect(await join(student, baseURL!, code)).toBe(200);
  await markDone(meera, baseURL!, 'intro');
  await markDone(meera, baseURL!, 'install');
  await markDone(zoya, baseURL!, 'intro');
  const rows = progressTable(page).locator('tbody').getByRole('row');
  await expect(rows).toHaveText([/Arjun Rao/, /Meera Nair/, /Zoya Khan/]);
  await expect(studentRow(page, 'Zoya Khan').getByRole('cell', { name: '1 of 17' })).toBeVisible();

  const header = (name: string) => progressTable(page).getByRole('columnheader', { name });
  await expect(header('Student')).toHaveAttribute('aria-sort', 'ascending');
  await header('Student').getByRole('button').click();
  await expect(rows).toHaveText([/Zoya Khan/, /Meera Nair/, /Arjun Rao/]);
  await expect(header('Student')).toHaveAttribute('aria-sort', 'descending');

  await header('Lessons done').getByRole('button').click();
  await expect(rows).toHaveText([/Meera Nair/, /Zoya Khan/, /Arjun Rao/]);
  await expect(header('Lessons done')).toHaveAttribute('aria-sort', 'descending');
  await expect(header('Student')).not.toHaveAttribute('aria-sort');
  await header('Lessons done').getByRole('button').click();
  await expect(rows).toHaveText([/Arjun Rao/, /Zoya Khan/, /Meera Nair/]);

  // Zoya's mark was the last one saved; Arjun has never been active, so he is last.
  await header('Last active').getByRole('button').click();
  await expect(rows).toHaveText([/Zoya Khan/, /Meera Nair/, /Arjun Rao/]);
  await expect(studentRow(page, 'Arjun Rao').getByRole('cell', { name: 'Never' })).toBeVisible();

  const summary = progressTable(page).locator('tfoot').getByRole('row');
  await expect(summary.getByRole('cell', { name: '2 of 3' })).toHaveCount(1);
  await expect(summary.getByRole('cell', { name: '1 of 3' })).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^MCA 1.*\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const [head, ...lines] = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(head).toMatch(/^Name,Email,Joined,Last active,Challenges passed,Lessons done,What is React\?,Installing React,/);
  expect(lines).toHaveLength(3);
  const meeraLine = lines.find((line) => line.includes(meera.email));
  expect(meeraLine).toMatch(new RegExp(`^Meera Nair,${meera.email.replace(/\./g, '\\.')},${ISO_8601.source}`));
  expect(meeraLine!.match(new RegExp(ISO_8601.source, 'g'))).toHaveLength(4);
  for (const student of [meera, arjun, zoya]) await student.context.close();
});

test.describe('names the server refuses', () => {
  // The server answers a refused name with 422, which Chromium logs.
  test.use({ allowedConsoleErrors: [HTTP_ERROR_STATUS] });

  test('a teacher renames, archives, closes joining and makes a new code; a bad name is told on the field; deleting goes back to the list', async ({
    page,
    browser,
    baseURL,
  }) => {
    await newTeacher(page, 'Kavya Teacher');
    const code = await createClass(page, 'BBA 3');
    const student = await newStudent(browser, baseURL!, 'Dev Menon');
    const settings = page.getByRole('region', { name: 'Class settings' });

    // A name the server refuses: its message on the field.
    await settings.getByLabel('Name of the class').fill('   ');
    await settings.getByRole('button', { name: 'Rename' }).click();
    await expect(settings.getByRole('alert')).toBeVisible();
    await expect(settings.getByLabel('Name of the class')).toHaveAttribute('aria-invalid', 'true');
    await settings.getByLabel('Name of the class').fill('BBA 3, division B');
    await settings.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'BBA 3, division B' })).toBeVisible();
    await expect(settings.getByRole('status').filter({ hasText: 'The class is now called “BBA 3, division B”.' })).toBeVisible();
    await expect(settings.getByLabel('Name of the class')).not.toHaveAttribute('aria-invalid');

    // A new code: the old one stops working.
    await page.getByRole('button', { name: 'Make a new code' }).click();
    await expect(joinLink(page)).not.toHaveText(new RegExp(`${code}$`));
    const newCode = /\/join\/([A-Z0-9]{8})$/.exec((await joinLink(page).textContent()) ?? '')![1]!;
    expect(await join(student, baseURL!, code)).toBe(404);

    // Joining closed: the new code lets no one in until opened again.
    await page.getByRole('button', { name: 'Close joining' }).click();
    await expect(page.getByText('Joining is closed: the link and the code let no one in')).toBeVisible();
    expect(await join(student, baseURL!, newCode)).toBe(409);
    await page.getByRole('button', { name: 'Open joining' }).click();
    await expect(page.getByRole('button', { name: 'Close joining' })).toBeVisible();

    // Archived: read-only, no join panel, no renaming.
    await settings.getByRole('button', { name: 'Archive class' }).click();
    await expect(page.getByText('This class is archived: it is read-only')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Let students in' })).toHaveCount(0);
    await expect(settings.getByLabel('Name of the class')).toBeDisabled();
    expect(await join(student, baseURL!, newCode)).toBe(409);
    await page.getByRole('link', { name: 'All your classes' }).click();
    const listed = page.getByRole('listitem').filter({ hasText: 'BBA 3, division B' });
    await expect(listed).toContainText('0 students');
    await expect(listed).toContainText('Archived');
    await listed.getByRole('link', { name: 'BBA 3, division B' }).click();
    await settings.getByRole('button', { name: 'Unarchive class' }).click();
    await expect(page.getByRole('region', { name: 'Let students in' })).toBeVisible();
    expect(await join(student, baseURL!, newCode)).toBe(200);
    await expect(studentRow(page, 'Dev Menon')).toBeVisible();

    // Deleting asks first, then goes back to the list, without the class.
    await settings.getByRole('button', { name: 'Delete class' }).click();
    await expect(settings.getByText('Delete “BBA 3, division B” and its list of 1 student? This cannot be undone.')).toBeFocused();
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await expect(settings.getByRole('button', { name: 'Delete class' })).toBeFocused();
    await settings.getByRole('button', { name: 'Delete class' }).click();
    await settings.getByRole('button', { name: 'Yes, delete the class' }).click();
    await expect(page).toHaveURL('/teach');
    await expect(page.getByRole('status').filter({ hasText: 'The class “BBA 3, division B” is deleted.' })).toBeVisible();
    await expect(page.getByText('You have no classes yet.')).toBeVisible();
    await student.context.close();
  });

  test('a new class needs a name: the server says why on the field', async ({ page }) => {
    await newTeacher(page, 'Sunil Teacher');
    await page.getByRole('button', { name: 'Create class' }).click();
    const field = page.getByLabel('Name of the class');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/1 to 80 characters.+\S/);
    await expect(page).toHaveURL('/teach');
  });
});

test('an account without the role is told what the page is for and how to get the role', async ({ page }) => {
  await registerNew(page, 'Nisha Student', 'not-teacher');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Signed in as Nisha Student' })).toBeVisible();
  await accountButton(page, 'Nisha Student').click();
  await expect(page.getByRole('link', { name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Classes you teach' })).toHaveCount(0);
  for (const path of ['/teach', '/teach/some-class']) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByText('This page is for teachers.')).toBeVisible();
    await expect(page.getByText(/The college office gives the teacher role/)).toBeVisible();
  }
});

test.describe('a revoked role', () => {
  test.use({ allowedConsoleErrors: [FORBIDDEN] });

  test('closes the pages: the API refuses at once, and a reload shows the message', async ({ page }) => {
    const email = await newTeacher(page, 'Gopal Teacher');
    await createClass(page, 'B.Com 1');
    await page.getByRole('link', { name: 'All your classes' }).click();
    await expect(page.getByRole('link', { name: 'B.Com 1' })).toBeVisible();
    await changeRole('revoke', email, 'teacher');
    // The page still believes it may: the server's refusal shows the same message.
    await page.getByRole('link', { name: 'B.Com 1' }).click();
    await expect(page.getByText('This page is for teachers.')).toBeVisible();
    await page.reload();
    await waitForApp(page);
    await expect(page.getByText('This page is for teachers.')).toBeVisible();
    await accountButton(page, 'Gopal Teacher').click();
    await expect(page.getByRole('link', { name: 'Classes you teach' })).toHaveCount(0);
  });
});

test('the pages pass axe in light and dark, and on a phone only the table scrolls sideways', async ({ page, browser, baseURL }) => {
  test.slow();
  await newTeacher(page, 'Anil Teacher');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoA11yViolations(page, `/teach with no classes (${scheme})`);
  }
  const code = await createClass(page, 'BCA 1, division C');
  const student = await newStudent(browser, baseURL!, 'Farhan Student with a rather long name');
  expect(await join(student, baseURL!, code)).toBe(200);
  await markDone(student, baseURL!, 'install');
  const row = studentRow(page, 'Farhan Student');
  await expect(row.getByRole('cell', { name: 'Done', exact: true })).toHaveCount(1);
  await page.getByRole('link', { name: 'All your classes' }).click();
  await expect(page.getByRole('link', { name: 'BCA 1, division C' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoA11yViolations(page, `/teach with a class (${scheme})`);
  }
  await page.getByRole('link', { name: 'BCA 1, division C' }).click();
  await expect(row).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoA11yViolations(page, `/teach/<class> (${scheme})`);
    await row.getByRole('cell', { name: 'Done', exact: true }).locator('[tabindex="0"]').focus();
    await expectNoA11yViolations(page, `/teach/<class> with a date shown (${scheme})`);
    await row.getByRole('button', { name: /Farhan Student/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByText('No challenge passed yet.')).toBeVisible();
    await expectNoA11yViolations(page, `/teach/<class> with a student open (${scheme})`);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await waitForApp(page);
  await expect(row).toBeVisible();
  const widths = await page.evaluate(() => {
    const box = document.querySelector('.class-table__box')!;
    return {
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
      box: box.scrollWidth,
      boxView: box.clientWidth,
    };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  expect(widths.box).toBeGreaterThan(widths.boxView);
  // The names stay in view while the table scrolls.
  const box = page.getByRole('region', { name: /^Progress of/ });
  await box.scrollIntoViewIfNeeded();
  await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  expect(await box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(1000);
  await expect(row.getByRole('button', { name: /Farhan Student/ })).toBeInViewport();
  await expect(row.getByRole('cell', { name: 'Done', exact: true })).not.toBeInViewport();
  await student.context.close();
});
