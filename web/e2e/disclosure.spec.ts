// The mandatory disclosure as visitors read it (from any page's footer, with JavaScript and
// without) and as the office fills it in: a fresh site flags every item in the editors'
// checklist, and an item filled in with an uploaded PDF and published shows on /disclosure with
// its day, its members and its document. The page follows the ten sections of the UGC's
// guidelines of 2024, and each item has a page of its own; the site's search finds an item
// without JavaScript. The editing runs on a site of the test's own, so that
// the shared site keeps every item unpublished for the other tests.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { registerNew } from './account-helpers';
import { expect, expectNoA11yViolations, noViolationsOnAPhone, staticOnly, test, waitForApp } from './fixtures';
import { startSite, stopSite, type Site } from './own-site';
import { grantRole } from './roles-helpers';
import { waitForOfflineCopy } from './offline-helpers';
import { openStaff } from './staff-helpers';

/** A small PNG image (a 64×48 grey gradient), for the location's map. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAAAAACEICPDAAAAaUlEQVR42mNgYOHgERCRkFFQ0dAxMLGwcXDx8AkIiYhJSMnIKSipqGlo6eiZMGXGnAVLVqzZsGXHngNHTpy5cOXGnQdPXrz58OXHH4ZRA0YNGDVg1IBRA0YNGDVg1IBRA0YNGDVguBoAAOhh6EzdyJj4AAAAAElFTkSuQmCC', 'base64');
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
/** The ten sections of the UGC's guidelines of 2024, in their order. */
const SECTIONS = [
  'About the institution',
  'Administration',
  'Academics',
  'Admissions and fees',
  'Research',
  'Student life',
  'Alumni',
  'Information corner',
  'Picture gallery',
  'Contact',
];
/** Every item under them. */
const ALL = 53;

/** Saves the item open in the editor and publishes that version, as an editor does. */
async function saveAndPublish(page: Page) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved. Visitors see the published version until you publish this one.')).toBeVisible();
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await publishing.getByRole('button', { name: 'Publish this version' }).click();
  await expect(publishing.getByRole('status')).toHaveText('Published. Visitors see it now.');
}

/**
 * Runs `steps` on a site of the test's own, signed in as a new account with the editor role: the
 * shared site keeps every item unpublished for the other tests.
 */
async function asEditorOnOwnSite(
  browser: Browser,
  name: string,
  steps: (opened: { page: Page; context: BrowserContext; site: Site }) => Promise<void>,
) {
  const site = await startSite();
  try {
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    const email = await registerNew(page, name, 'editor');
    await grantRole(page, email, 'editor', site.database);
    await steps({ page, context, site });
    await context.close();
  } finally {
    await stopSite(site);
  }
}

test.describe('mandatory disclosure', () => {
  test('a visitor reaches it from the footer and reads every item, each saying where it stands', async ({ page }) => {
    test.skip(staticOnly, 'the disclosure is rendered by the real server');
    await page.goto('/about');
    await waitForApp(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Mandatory disclosure' }).click();
    await expect(page).toHaveURL('/disclosure');
    await expect(page).toHaveTitle('Mandatory disclosure | Riverside College of Commerce & Computing');
    await waitForApp(page);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link')).toHaveCount(SECTIONS.length + ALL);
    for (const section of SECTIONS) await expect(contents.getByRole('link', { name: section, exact: true })).toBeVisible();
    await contents.getByRole('link', { name: 'Anti-ragging committee and squad' }).click();
    await expect(page).toHaveURL('/disclosure#anti-ragging');
    const antiRagging = page.getByRole('region', { name: 'Anti-ragging committee and squad' });
    await expect(antiRagging).toBeInViewport();
    // Never published: said plainly, with whom to ask meanwhile.
    await expect(antiRagging.getByText('Not published yet.')).toBeVisible();
    await expect(antiRagging.getByRole('link', { name: 'write to us or call' })).toHaveAttribute('href', '/contact');
    // The fees come from the courses' own pages.
    const fees = page.getByRole('region', { name: 'Fee structure' });
    await expect(fees.getByRole('listitem').filter({ hasText: 'Bachelor of Computer Applications' })).toContainText('Rs 45,000 a year.');
    // Each item has an address of its own, for the university's and NAAC's forms to link.
    await antiRagging.getByRole('link', { name: '/disclosure/anti-ragging' }).click();
    await expect(page).toHaveURL('/disclosure/anti-ragging');
    await expect(page).toHaveTitle('Anti-ragging committee and squad: mandatory disclosure | Riverside College of Commerce & Computing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anti-ragging committee and squad');
    await expect(page.getByText('Not published yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Student life' }).click();
    await expect(page).toHaveURL('/disclosure#student-life');
  });

  test.describe('offline', () => {
    // Offline, the page's calls to the account fail, as they should: the browser logs each.
    test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/], serviceWorkers: 'allow' });

    test('once opened, the disclosure opens without a connection, saying it may be behind', async ({ page, context }) => {
      test.skip(staticOnly, 'the offline worker is served by the real server');
      await page.goto('/react');
      await waitForOfflineCopy(page);
      await page.goto('/disclosure');
      await waitForApp(page);
      await context.setOffline(true);
      await page.goto('/disclosure');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mandatory disclosure');
      await expect(page.getByRole('status').filter({ hasText: /^Offline\./ })).toHaveText(
        'Offline. This page is as it was when you last opened it; it may have changed since.',
      );
      await context.setOffline(false);
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the disclosure is whole in its first HTML', async ({ page }) => {
      test.skip(staticOnly, 'the disclosure is rendered by the real server');
      await page.goto('/disclosure');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mandatory disclosure');
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Contents', ...SECTIONS]);
      await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveCount(ALL);
    });
  });

  test('the office sees every item flagged, fills in the anti-ragging committee with its affidavit form, and visitors read it', async ({ browser }) => {
    test.skip(staticOnly, 'the disclosure is kept by the real server');
    test.slow();
    await asEditorOnOwnSite(browser, 'Disclosure Editor', async ({ page, context, site }) => {
      await openStaff(page, '/staff/disclosure');
      await expect(page.getByRole('heading', { level: 1, name: 'Disclosure' })).toBeVisible();
      await expect(page.getByText(`${ALL} items: 0 published, 0 not applicable, 0 need review, ${ALL} never published.`)).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(SECTIONS);
      await expect(page.getByRole('main').getByRole('rowheader')).toHaveCount(ALL);
      await expect(page.getByRole('main').getByText('Never published', { exact: true })).toHaveCount(ALL);
      await expect(page.getByRole('alert').filter({ hasText: `${ALL} disclosure items need attention` })).toBeVisible();
      const checklist = page.getByRole('region', { name: 'Student life (scrolls sideways)' });
      await noViolationsOnAPhone(page, 'the checklist');

      await checklist.getByRole('link', { name: 'Anti-ragging committee and squad', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Anti-ragging committee and squad' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Attachments' }).getByRole('button', { name: 'Attach a file' })).toBeVisible();
      await noViolationsOnAPhone(page, 'an item of the disclosure');
      await page.getByLabel('The rules, and how to report ragging').fill('Ragging in any form is forbidden.\n\n- Report it to any member below.');
      await page.getByLabel('Members', { exact: true }).fill('Dr Meera Shah | Chairperson | meera.shah@college.example\nRavi Patel | Student member');
      await page.getByLabel('Anti-ragging helpline').fill('1800-180-5522');
      await page.getByLabel("The committee's email").fill('antiragging@college.example');

      // A wrong line is named at its field, and the keyboard is taken there.
      const members = page.getByLabel('Members', { exact: true });
      await members.fill('Dr Meera Shah');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(members).toBeFocused();
      await expect(page.getByText(/^Write each member as their name, a bar and their role/)).toBeVisible();
      await members.fill('Dr Meera Shah | Chairperson | meera.shah@college.example\nRavi Patel | Student member');

      const files = page.getByRole('region', { name: 'Attachments' });
      const picker = files.getByLabel('Attach a file', { exact: true }).and(page.locator('input[type=file]'));
      await picker.setInputFiles({ name: 'Affidavit form.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
      await expect(files.getByRole('status')).toHaveText('“Affidavit form.pdf” is attached. Add it to the documents to show it to visitors.');
      await files.getByRole('button', { name: 'Add to the documents: Affidavit form.pdf' }).click();
      const documents = page.getByLabel(/^Documents/);
      await expect(documents).toHaveValue(/^Affidavit form\.pdf \(PDF, 1 KB\) \| \/files\/\d+-[0-9a-f]{20}\.pdf$/);
      await saveAndPublish(page);

      await page.getByRole('link', { name: 'Back to the disclosure' }).click();
      await expect(page.getByText(`${ALL} items: 1 published, 0 not applicable, 0 need review, ${ALL - 1} never published.`)).toBeVisible();
      await expect(checklist.getByRole('row').filter({ hasText: 'Anti-ragging committee and squad' })).toContainText('Published');

      const visitor = await context.newPage();
      await visitor.goto('/disclosure#anti-ragging');
      const item = visitor.getByRole('region', { name: 'Anti-ragging committee and squad' });
      const today = await visitor.evaluate(() =>
        new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date()),
      );
      await expect(item.getByText(`Last updated ${today}`)).toBeVisible();
      await expect(item.getByRole('listitem').filter({ hasText: 'Dr Meera Shah' })).toContainText('Chairperson');
      await expect(item.getByRole('link', { name: 'meera.shah@college.example' })).toHaveAttribute('href', 'mailto:meera.shah@college.example');
      await expect(item.getByRole('link', { name: '1800-180-5522' })).toHaveAttribute('href', 'tel:18001805522');
      const download = visitor.waitForEvent('download');
      await item.getByRole('link', { name: 'Affidavit form.pdf (PDF, 1 KB)' }).click();
      expect((await download).suggestedFilename()).toBe('Affidavit form.pdf');
      await expect(visitor.getByText('Not published yet.')).toHaveCount(ALL - 1);

      // Without JavaScript, the footer's search finds the squad by its chairperson's name.
      const plain = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
      const reader = await plain.newPage();
      await reader.goto('/notices');
      await reader.getByRole('contentinfo').getByRole('link', { name: 'Search the site' }).click();
      await reader.getByLabel('Search the college’s site').fill('Meera chairperson');
      await reader.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(reader).toHaveURL('/search?q=Meera+chairperson');
      await expect(reader.getByRole('status')).toHaveText('1 result for “Meera chairperson”.');
      await reader.getByRole('link', { name: 'Anti-ragging committee and squad' }).click();
      await expect(reader.getByRole('heading', { level: 1, name: 'Anti-ragging committee and squad' })).toBeVisible();
      await plain.close();
    });
  });

  test('the office publishes a new year of audited accounts and marks it reviewed; visitors download earlier years from the archive', async ({ browser }) => {
    test.skip(staticOnly, 'the disclosure is kept by the real server');
    test.slow();
    await asEditorOnOwnSite(browser, 'Accounts Editor', async ({ page, context }) => {
      await openStaff(page, '/staff/disclosure/annual-accounts');
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Annual accounts and audit reports' })).toBeVisible();
      await page.getByLabel('What the college publishes here').fill('Audited every year by a chartered accountant.');
      const files = page.getByRole('region', { name: 'Attachments' });
      const picker = files.getByLabel('Attach a file', { exact: true }).and(page.locator('input[type=file]'));
      const years = ['2023-24', '2024-25', '2025-26'];
      for (const year of years) {
        await picker.setInputFiles({ name: `accounts-${year}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
        await files.getByRole('button', { name: `Add to the documents: accounts-${year}.pdf` }).click();
      }
      // Each document with the financial year it covers, between its words and its link.
      const documents = page.getByLabel(/^Documents/);
      const lines = (await documents.inputValue()).split('\n');
      await documents.fill(lines.map((line, index) => `Audited accounts | ${years[index]} | ${line.split('|')[1]!.trim()}`).join('\n'));
      await saveAndPublish(page);

      // The editor marks it reviewed from the room, which counts it published.
      await page.getByRole('link', { name: 'Back to the disclosure' }).click();
      await expect(page.getByText(`${ALL} items: 1 published, 0 not applicable, 0 need review, ${ALL - 1} never published.`)).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: `${ALL - 1} disclosure items need attention` })).toBeVisible();
      await page.getByRole('button', { name: 'Mark reviewed: Annual accounts and audit reports' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'marked reviewed' })).toHaveText('Annual accounts and audit reports is marked reviewed today.');
      const row = page.getByRole('region', { name: 'About the institution (scrolls sideways)' }).getByRole('row').filter({ hasText: 'Annual accounts' });
      await expect(row).toContainText('Reviewed');
      await noViolationsOnAPhone(page, 'the room with a reviewed item');

      const visitor = await context.newPage();
      await visitor.goto('/disclosure/annual-accounts');
      await expect(visitor.getByText(/^Last updated .*; reviewed /)).toBeVisible();
      const current = visitor.getByRole('list').filter({ has: visitor.getByRole('link', { name: 'Audited accounts, 2025-26' }) });
      await expect(current.getByRole('link')).toHaveText(['Audited accounts, 2025-26']);
      await expect(visitor.getByRole('heading', { level: 2, name: 'Earlier years' })).toBeVisible();
      for (const year of ['2024-25', '2023-24']) {
        const download = visitor.waitForEvent('download');
        await visitor.getByRole('link', { name: `Audited accounts, ${year}` }).click();
        expect((await download).suggestedFilename()).toBe(`accounts-${year}.pdf`);
      }
      await expectNoA11yViolations(visitor, 'an item with an archive');
    });
  });

  test('the office publishes the telephone directory and the location with its map; visitors call and open the place in their map app', async ({ browser }) => {
    test.skip(staticOnly, 'the disclosure is kept by the real server');
    test.slow();
    await asEditorOnOwnSite(browser, 'Contact Editor', async ({ page, context }) => {
      await openStaff(page, '/staff/disclosure/telephone-directory');
      await page.getByLabel('The directory: one line per office').fill('Admissions desk | Admissions | 0265 234 5678\nExamination section | Exams | 0265 234 5679');
      await saveAndPublish(page);

      await page.goto('/staff/disclosure/location');
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Location and map' })).toBeVisible();
      await page.getByLabel("The college's address, one line each").fill('14 Riverbank Road\nVadodara 390001');
      const place = page.getByLabel(/^Where it is on a map/);
      await place.fill('north of the river');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(place).toBeFocused();
      await expect(page.getByText(/^Write the place as latitude, longitude in degrees/)).toBeVisible();
      await place.fill('22.3072, 73.1812');
      const files = page.getByRole('region', { name: 'Attachments' });
      await files.getByLabel('Attach a file', { exact: true }).and(page.locator('input[type=file]')).setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PNG });
      await files.getByRole('button', { name: 'Use as the map: map.png' }).click();
      await expect(page.getByLabel(/^A map image/)).toHaveValue(/^\/files\/\d+-[0-9a-f]{20}(-\d+)?\.(png|webp)$/);
      await page.getByLabel('What the map shows, for someone who cannot see it').fill('The college on the east bank, beside the bus depot.');
      await saveAndPublish(page);
      await noViolationsOnAPhone(page, 'the location’s editor');

      const visitor = await context.newPage();
      await visitor.goto('/disclosure#contact');
      const directory = visitor.getByRole('region', { name: 'Telephone directory' });
      await expect(directory.getByRole('link', { name: '0265 234 5678' })).toHaveAttribute('href', 'tel:02652345678');
      const location = visitor.getByRole('region', { name: 'Location and map' });
      await expect(location.getByText('14 Riverbank Road')).toBeVisible();
      await expect(location.getByRole('img', { name: 'The college on the east bank, beside the bus depot.' })).toBeVisible();
      await expect(location.getByRole('link', { name: 'Open in your map app' })).toHaveAttribute('href', 'geo:22.3072,73.1812?q=22.3072,73.1812');
      await expect(location.getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=22\.3072%2C73\.1812$/);
      await expect(visitor.locator('iframe')).toHaveCount(0);
      await visitor.goto('/disclosure/location');
      await expectNoA11yViolations(visitor, 'the location’s own page');
    });
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the disclosure has no accessibility violations at 390 px (${scheme})`, async ({ page }) => {
      test.skip(staticOnly, 'the disclosure is rendered by the real server');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/disclosure');
      await waitForApp(page);
      await expectNoA11yViolations(page, `/disclosure (${scheme})`);
      await page.goto('/disclosure/grievance-redressal');
      await waitForApp(page);
      await expectNoA11yViolations(page, `an item's own page (${scheme})`);
      await page.goto('/search?q=react+state');
      await waitForApp(page);
      await expect(page.getByRole('status')).toContainText('for “react state”');
      await expectNoA11yViolations(page, `the search's results (${scheme})`);
    });
  }
});
