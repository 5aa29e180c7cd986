// The editors' notices in the staff area: written with the toolbar beside a live preview, saved
// as drafts, published now or at a time, changed without touching the live version until it is
// published again, compared and restored from the history. Visitors read what was published.
import type { Page } from '@playwright/test';
import { registerNew } from './account-helpers';
import { expect, staticOnly, test } from './fixtures';
import { grantRole } from './roles-helpers';
import { expectStaffPagesAccessible, newStaff, openStaff, staffNav, token } from './staff-helpers';

test.skip(staticOnly, 'notices are kept by the real server');
// The office's refused call, and the past publishing time refused at its field.
test.use({ allowedConsoleErrors: [/the server responded with a status of (403|404|422)/] });

/** A new account given the editor role, in the staff area. */
async function newEditor(page: Page, name: string): Promise<string> {
  const email = await registerNew(page, name, 'editor');
  await grantRole(page, email, 'editor');
  await openStaff(page);
  return email;
}

const body = (page: Page) => page.getByRole('textbox', { name: 'Text' });
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });

/** Selects `text` inside the body field, as a mouse or Shift+arrows would. */
async function selectInBody(page: Page, text: string) {
  await body(page).evaluate((field: HTMLTextAreaElement, wanted) => {
    const start = field.value.indexOf(wanted);
    field.focus();
    field.setSelectionRange(start, start + wanted.length);
  }, text);
}

/** Writes a new notice and saves it as a draft; answers its title and its editing address. */
async function writeDraft(page: Page, title: string) {
  await page.getByRole('link', { name: 'New notice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New notice' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Exams' });
  await body(page).fill('Papers start on Monday.');
  await selectInBody(page, 'Monday');
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
  await expect(body(page)).toHaveValue('Papers start on **Monday**.');
  // The preview is the server's HTML of the text.
  await expect(preview(page).locator('strong')).toHaveText('Monday');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/staff\/notices\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit notice' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Publishing' })).toContainText('Draft');
  return new URL(page.url()).pathname;
}

test('an editor writes a notice, publishes it, changes it without touching the live one, and restores an old revision', async ({ page, browser }) => {
  test.slow();
  const title = `BCA exam timetable ${token()}`;
  await newEditor(page, 'Meera Editor');
  // An editor who is not of the office starts at the notices: no inbox is theirs.
  await expect(page).toHaveURL('/staff/notices');
  await expect(staffNav(page).getByRole('link')).toHaveText(['Notices', 'Pages', 'Courses', 'Disclosure', 'Faculty and staff', 'Holidays']);

  const editPath = await writeDraft(page, title);
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await publishing.getByRole('button', { name: 'Publish' }).click();
  await expect(publishing.getByRole('status')).toHaveText('Published. Visitors see it now.');
  const visitorPath = await publishing.getByRole('link', { name: 'See it on the site' }).getAttribute('href');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(visitorPath!);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('main').locator('strong')).toHaveText('Monday');

  // A change is saved as a new revision; visitors keep the published one until it is published.
  await page.getByRole('textbox', { name: 'Title' }).fill(`${title} (revised)`);
  await expect(page.getByText('Changes not saved yet.')).toBeVisible();
  await expect(publishing).toContainText('Save your changes first');
  // Leaving with unsaved changes asks first; saying no keeps the page and its text.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await staffNav(page).getByRole('link', { name: 'Notices' }).click();
  await expect(page).toHaveURL(editPath);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`${title} (revised)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved. Visitors see the published version until you publish this one.')).toBeVisible();
  await expect(publishing).toContainText('Has changes visitors do not see yet.');
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  // The editor sees the saved change as visitors will, on a page of its own.
  const [previewPage] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Preview the saved version (opens in a new tab)' }).click(),
  ]);
  await expect(previewPage.getByRole('heading', { level: 1, name: `${title} (revised)` })).toBeVisible();
  await expect(previewPage.getByRole('note')).toContainText('Preview of revision 2.');
  await expect(previewPage.getByRole('main').locator('strong').last()).toHaveText('Monday');
  await previewPage.close();

  // The history lists both saves, shows what changed, and restores the first as a third.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `History: ${title} (revised)` })).toBeVisible();
  const revisions = page.getByRole('region', { name: 'Revisions (scrolls sideways)' });
  await expect(revisions.getByRole('row')).toHaveCount(3);
  await expect(page.getByText(`Title: “${title}” became “${title} (revised)”.`)).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await revisions.getByRole('button', { name: 'Restore revision 1' }).click();
  await expect(page.getByText('Revision 1 restored as revision 3. Publish it to show it to visitors.')).toBeVisible();
  await expect(revisions.getByRole('row')).toHaveCount(4);
  await page.getByRole('link', { name: 'Back to the notice' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await visitor.context().close();
});

test('a notice scheduled for tomorrow waits, and visitors do not see it until then', async ({ page, browser }) => {
  const title = `Holiday on Friday ${token()}`;
  await newEditor(page, 'Ravi Editor');
  await writeDraft(page, title);
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await publishing.getByRole('radio', { name: 'At a time' }).check();
  // A time already past is refused at the field, in words.
  await publishing.getByLabel('Publish at').fill('2020-01-01T09:00');
  await publishing.getByRole('button', { name: 'Schedule' }).click();
  await expect(publishing.getByRole('alert')).toHaveText('Choose a time in the future to publish at, or publish now.');
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T09:00`;
  await publishing.getByLabel('Publish at').fill(local);
  await publishing.getByRole('button', { name: 'Schedule' }).click();
  await expect(publishing.getByRole('status')).toHaveText(/^Scheduled for /);
  await expect(publishing).toContainText('Goes live');

  const visitor = await browser.newPage();
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const answer = await visitor.goto(`/notices/${slug}`);
  expect(answer?.status()).toBe(404);
  await visitor.close();

  await page.getByRole('link', { name: 'Back to the notices' }).click();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Scheduled');
});

test('the office sees no notices', async ({ page }) => {
  await newStaff(page, 'Office Only', 'office');
  await expect(staffNav(page).getByRole('link', { name: 'Notices' })).toHaveCount(0);
  await openStaff(page, '/staff/notices');
  await expect(page.getByText('Notices are for the college’s editors.')).toBeVisible();
});

// Each kind's screens in a test of their own: eleven pages in both schemes are too much for one.
test("an editor sees no inbox; the editors' notice pages pass axe in light and dark and fit a phone", async ({ page }) => {
  test.slow();
  await newEditor(page, 'Axe Editor');
  await expect(staffNav(page).getByRole('link', { name: /^Inbox/ })).toHaveCount(0);
  const editPath = await writeDraft(page, `Axe notice ${token()}`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Axe notice, revised');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();
  await expectStaffPagesAccessible(page, [
    ['notices', '/staff/notices'],
    ['new notice', '/staff/notices/new'],
    ['notice', editPath],
    ['history', `${editPath}/history`],
  ]);
});

test("the editors' page and course screens pass axe in light and dark and fit a phone", async ({ page }) => {
  test.slow();
  await newEditor(page, 'Axe Page Editor');
  await expectStaffPagesAccessible(page, [
    ['pages', '/staff/pages'],
    ['a page', '/staff/pages/contact'],
    ['a page’s history', '/staff/pages/contact/history'],
    ['the footer', '/staff/pages/footer'],
    ['courses', '/staff/courses'],
    ['a course', '/staff/courses/bca'],
    ['a course’s history', '/staff/courses/bca/history'],
  ]);
});

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
/** One red pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('an editor attaches a PDF and an image, puts them into the text, and a visitor sees the image and downloads the PDF under its own name', async ({ page, browser }) => {
  test.slow();
  const title = `Exam timetable ${token()}`;
  await newEditor(page, 'Files Editor');
  await writeDraft(page, title);
  const files = page.getByRole('region', { name: 'Attachments' });
  const picker = files.getByLabel('Attach a file', { exact: true }).and(page.locator('input[type=file]'));

  // Refused in words: a drawing in SVG (by its bytes), and a file over the limit before it is sent.
  await picker.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(files.getByRole('alert')).toHaveText(/^Upload a PDF, JPEG, PNG or WebP file\./);
  await picker.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(11 * 1024 * 1024, 0x25) });
  await expect(files.getByRole('alert')).toHaveText('“scan.pdf” is 11 MB: files up to 10 MB can be attached. Make it smaller first.');

  await picker.setInputFiles({ name: 'પરીક્ષા timetable.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
  await expect(files.getByRole('status')).toHaveText('“પરીક્ષા timetable.pdf” is attached. Insert it into the text to show it to visitors.');
  await picker.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await files.getByRole('button', { name: 'Insert into the text: પરીક્ષા timetable.pdf' }).click();
  await expect(body(page)).toHaveValue(/\[પરીક્ષા timetable\.pdf \(PDF, 1 KB\)\]\(\/files\/\d+-[0-9a-f]{20}\.pdf\)\n$/);
  // The image goes in as itself; the preview shows it from the server.
  await files.getByRole('button', { name: 'Insert into the text: dot.png' }).click();
  await expect(body(page)).toHaveValue(/!\[dot\]\(\/files\/\d+-[0-9a-f]{20}-1\.png\)\n$/);
  await expect(preview(page).getByRole('img', { name: 'dot' })).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await publishing.getByRole('button', { name: 'Publish' }).click();
  await expect(publishing.getByRole('status')).toHaveText('Published. Visitors see it now.');
  const visitorPath = await publishing.getByRole('link', { name: 'See it on the site' }).getAttribute('href');

  const visitor = await browser.newPage();
  await visitor.goto(visitorPath!);
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('link', { name: 'પરીક્ષા timetable.pdf (PDF, 1 KB)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('પરીક્ષા timetable.pdf');
  await expect(visitor.getByRole('main').getByRole('img', { name: 'dot' })).toHaveAttribute('width', '1');
  await visitor.close();

  // Deleted, the image leaves the list.
  page.once('dialog', (dialog) => void dialog.accept());
  await files.getByRole('button', { name: 'Delete dot.png' }).click();
  await expect(files.getByRole('status')).toHaveText('“dot.png” is deleted.');
  await expect(files.getByRole('listitem')).toHaveCount(1);
});
