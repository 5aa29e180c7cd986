// Students' grievances: a student verifies their email, goes from their account page to the
// filing form, is told what to fix (their words kept), files with JavaScript on, reads the
// number and the days by which the college must act, and is mailed; files a second one with
// JavaScript off, each with a document; finds both under "My grievances". axe finds nothing on the form with its
// problems, a grievance or the list, light and dark, at 390 px. The committee then works one
// in its room, opening the student's document, to a decision with its PDF that the student
// reads and downloads.
import type { Page } from '@playwright/test';
import { registerNew, verificationLink } from './account-helpers';
import { dataDir, expect, HTTP_ERROR_STATUS, noViolationsOnAPhone, staticOnly, test, waitForApp } from './fixtures';
import { waitForMail } from './mail';
import { grantRole } from './roles-helpers';
import { openStaff } from './staff-helpers';

const NUMBER = /GRV-\d{4}-\d{4,}/;

/** A plain PDF, and a one-pixel PNG, as a student's phone might attach them. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

// The form sent back with its problems answers 422, which the browser logs.
test.use({ allowedConsoleErrors: [HTTP_ERROR_STATUS] });

test('a student files a grievance and follows it, with JavaScript and without', async ({ page, browser }) => {
  test.skip(staticOnly, 'grievances are kept by the real server');
  const email = await registerNew(page, 'Grievance Student', 'grievance');
  await page.goto(await verificationLink(email));
  await waitForApp(page);
  await expect(page.getByRole('status')).toHaveText(`Your email address ${email} is verified.`);

  await page.goto('/account');
  await page.getByRole('link', { name: 'File a grievance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'File a grievance' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();

  // Something missing: the form comes back with each problem named, and the words kept.
  const happened = 'The library fined me twice for one book returned a day late.';
  await page.getByLabel('What happened?').fill(happened);
  await page.getByRole('button', { name: 'File the grievance' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose what the grievance is about.');
  await expect(page.getByRole('alert')).toContainText('Say what you would like the college to do.');
  await expect(page.getByLabel('What happened?')).toHaveValue(happened);
  await noViolationsOnAPhone(page, 'the filing form with its problems');

  await page.getByLabel('What is it about?').selectOption('facilities');
  await page.getByLabel('What would you like the college to do?').fill('Refund one of the two fines.');
  await page.getByLabel('No, keep my name within the committee').check();
  await page.getByLabel('Documents (if any)').setInputFiles({ name: 'fine receipts.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'File the grievance' }).click();
  const heading = page.getByRole('heading', { level: 1, name: NUMBER });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('link', { name: 'fine receipts.pdf' })).toBeVisible();
  const number = NUMBER.exec((await heading.textContent()) ?? '')?.[0] ?? '';
  await expect(page.getByRole('status')).toContainText(`Its number is ${number}`);
  await expect(page.getByText(happened)).toBeVisible();
  await expect(page.getByText('Referred to the committee by')).toBeVisible();
  await noViolationsOnAPhone(page, 'a grievance just filed');

  const mail = await waitForMail(dataDir, email, 10_000, new RegExp(`Your grievance ${number} is filed`));
  expect(mail).toContain("the college refers it to its Students' Grievance Redressal Committee by");

  // With JavaScript off, the same forms file a second one.
  const state = await page.context().storageState();
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  try {
    const noScript = await plain.newPage();
    await noScript.goto('/grievances/new');
    await noScript.getByLabel('What is it about?').selectOption('certificates');
    await noScript.getByLabel('What happened?').fill('My migration certificate has my name misspelt.');
    await noScript.getByLabel('What would you like the college to do?').fill('A corrected certificate.');
    await noScript.getByLabel('Yes', { exact: true }).check();
    await noScript.getByLabel('Documents (if any)').setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: PNG });
    await noScript.getByRole('button', { name: 'File the grievance' }).click();
    await expect(noScript.getByRole('status')).toContainText('Your grievance is filed');
    await expect(noScript.getByRole('link', { name: 'certificate.png' })).toBeVisible();
    await expect(noScript.getByRole('heading', { level: 1, name: NUMBER })).not.toHaveText(`Grievance ${number}`);
  } finally {
    await plain.close();
  }

  await page.goto('/grievances');
  await waitForApp(page);
  const list = page.getByRole('region', { name: 'Your grievances' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list.getByRole('link', { name: number })).toBeVisible();
  await expect(list).toContainText('Certificates and documents');
  await noViolationsOnAPhone(page, 'my grievances');
});

/** A student with a verified email files one grievance about fees; answers its number. */
async function fileOne(page: Page, prefix: string): Promise<string> {
  const email = await registerNew(page, 'Fees Student', prefix);
  await page.goto(await verificationLink(email));
  await waitForApp(page);
  await expect(page.getByRole('status')).toHaveText(`Your email address ${email} is verified.`);
  await page.goto('/grievances/new');
  await page.getByLabel('What is it about?').selectOption('fees');
  await page.getByLabel('What happened?').fill('I was charged the library fee twice this term.');
  await page.getByLabel('What would you like the college to do?').fill('Refund the second charge.');
  await page.getByLabel('Yes', { exact: true }).check();
  await page.getByLabel('Documents (if any)').setInputFiles({ name: 'fee receipts.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'File the grievance' }).click();
  const heading = page.getByRole('heading', { level: 1, name: NUMBER });
  await expect(heading).toBeVisible();
  return NUMBER.exec((await heading.textContent()) ?? '')?.[0] ?? '';
}

test('the committee refers a grievance, sets the hearing and decides, and the student reads it', async ({ page, browser }) => {
  test.skip(staticOnly, 'grievances are kept by the real server');
  const number = await fileOne(page, 'grievance-fees');

  const committee = await browser.newContext();
  try {
    const member = await committee.newPage();
    const email = await registerNew(member, 'Committee Member', 'sgrc');
    await grantRole(member, email, 'grievance-committee');
    await openStaff(member, '/staff/grievances');
    await expect(member.getByRole('heading', { level: 1, name: 'Grievances' })).toBeVisible();
    await noViolationsOnAPhone(member, 'the grievances room');
    await member.getByRole('link', { name: number }).click();
    await expect(member.getByRole('heading', { level: 1, name: `Grievance ${number}` })).toBeVisible();
    await expect(member.getByText('I was charged the library fee twice this term.')).toBeVisible();
    const receipts = member.waitForEvent('download');
    await member.getByRole('link', { name: 'fee receipts.pdf' }).click();
    expect((await receipts).suggestedFilename()).toBe('fee receipts.pdf');

    await member.getByRole('button', { name: 'Refer it' }).click();
    await expect(member.getByRole('status').filter({ hasText: 'Referred' })).toBeVisible();
    const hearing = member.getByRole('form', { name: 'Set the hearing' });
    await hearing.getByLabel('Day').fill('2020-01-01');
    await hearing.getByLabel('Time (college time, like 11:00)').fill('11:00');
    await hearing.getByLabel('Place, or the video link').fill('Room 12');
    await hearing.getByRole('button', { name: 'Set the hearing' }).click();
    await expect(hearing.getByRole('alert')).toContainText('Choose a day and time still to come.');
    await expect(hearing.getByLabel('Day')).toBeFocused();
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await hearing.getByLabel('Day').fill(inAWeek);
    await hearing.getByRole('button', { name: 'Set the hearing' }).click();
    await expect(member.getByRole('status').filter({ hasText: 'The hearing is set' })).toBeVisible();
    const note = member.getByRole('form', { name: 'Note for the committee' });
    await note.getByLabel('The note (the student never sees it)').fill('Accounts confirm the double charge.');
    await note.getByRole('button', { name: 'Keep the note' }).click();
    await expect(member.getByText('Accounts confirm the double charge.')).toBeVisible();
    const decision = member.getByRole('form', { name: 'Record the decision' });
    await decision.getByLabel('The committee’s decision').fill('The second charge is refunded.');
    await decision.getByLabel('The decision as a PDF (if any)').setInputFiles({ name: 'Decision.pdf', mimeType: 'application/pdf', buffer: PDF });
    await decision.getByRole('button', { name: 'Record the decision' }).click();
    await expect(member.getByRole('heading', { level: 2, name: 'The decision' })).toBeVisible();
    await noViolationsOnAPhone(member, 'a grievance decided, in the room');
  } finally {
    await committee.close();
  }

  await page.goto(`/grievances/${number}`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Hearing' })).toBeVisible();
  await expect(page.getByText('The second charge is refunded.')).toBeVisible();
  const decided = page.waitForEvent('download');
  // Under the decision, and again in the history.
  await page.getByRole('link', { name: 'Decision.pdf' }).first().click();
  expect((await decided).suggestedFilename()).toBe('Decision.pdf');
  await expect(page.getByText('Accounts confirm the double charge.')).toBeHidden();
  await page.getByRole('button', { name: 'Record my appeal' }).click();
  await expect(page.getByRole('status')).toContainText('Your appeal is recorded.');
  await noViolationsOnAPhone(page, 'a grievance appealed');
});

test('an editor keeps the holidays the grievance clock skips', async ({ page }) => {
  test.skip(staticOnly, 'the holidays are kept by the real server');
  const email = await registerNew(page, 'Holiday Editor', 'holidays');
  await grantRole(page, email, 'editor');
  await openStaff(page, '/staff/holidays');
  await expect(page.getByRole('heading', { level: 1, name: 'Holidays' })).toBeVisible();
  const lines = page.getByLabel('One a line: the day, then its name');
  await lines.fill('2027-01-26 Republic Day\n15 August Independence Day');
  await page.getByRole('button', { name: 'Save the holidays' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Line 2:' })).toContainText('begin with the day as year-month-day');
  await expect(lines).toBeFocused();
  await noViolationsOnAPhone(page, 'the holidays with a problem');
  await lines.fill('2027-01-26 Republic Day\n2027-08-15 Independence Day');
  await page.getByRole('button', { name: 'Save the holidays' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: 2 holidays.' })).toBeVisible();
});
