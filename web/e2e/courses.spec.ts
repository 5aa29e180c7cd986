// The courses as visitors read them (from Home, with JavaScript and without) and as an editor
// changes them: a fee raised from a chosen time shows on the course page at that time, on a
// site of the test's own so that no other test reads a fee while it changes.
import { registerNew } from './account-helpers';
import { expect, expectNoA11yViolations, staticOnly, test, waitForApp } from './fixtures';
import { startSite, stopSite } from './own-site';
import { grantRole } from './roles-helpers';
import { openStaff } from './staff-helpers';

/** `ms` from now as a `datetime-local` field holds it, to the second, in this computer's zone. */
function localInput(ms: number): string {
  const at = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

test.describe('courses', () => {
  test('a visitor opens BCA from Home and reads its fees, dates and the way to apply', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('link', { name: 'Fees and how to apply for BCA' }).click();
    await expect(page).toHaveURL('/courses/bca');
    await expect(page).toHaveTitle('Bachelor of Computer Applications | Riverside College of Commerce & Computing');
    await waitForApp(page);

    // The fee as India reads it, exactly as the browser's own Indian formatting writes it.
    const grouped = await page.evaluate(() => new Intl.NumberFormat('en-IN').format(45000));
    const fees = page.getByRole('region', { name: 'Fees' });
    await expect(fees.getByText(`Rs ${grouped} a year`)).toBeVisible();
    await expect(fees.getByRole('heading', { name: 'Fee refund policy' })).toBeVisible();
    await expect(fees).toContainText('More than 30 days after: no refund');

    const dates = page.getByRole('region', { name: 'Key dates' });
    await expect(dates.getByRole('listitem').filter({ hasText: 'GCAS registration closes' })).toContainText('31 May 2027');

    const apply = page.getByRole('region', { name: 'How to apply' });
    await expect(apply.getByRole('listitem').first()).toContainText('Register on the GCAS portal');
    await expect(apply.getByRole('link', { name: 'Go to the GCAS portal' })).toHaveAttribute('href', 'https://gcas.gujgov.edu.in/');
    await expect(apply.getByRole('heading', { name: 'Documents to keep ready' })).toBeVisible();
    await expect(apply.getByRole('link', { name: '+91 265 245 8900' })).toHaveAttribute('href', 'tel:+912652458900');

    // Every course is listed, in the office's order.
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['BCom', 'BBA', 'BCA']);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a course page is whole in its first HTML', async ({ page }) => {
      await page.goto('/courses/bba');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bachelor of Business Administration');
      await expect(page.getByText('Rs 38,000 a year').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Subjects' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Year 3' })).toBeVisible();
    });
  });

  test('an editor raises the BCA fee from a chosen time, and the course page shows it then', async ({ browser }) => {
    test.skip(staticOnly, 'courses are kept by the real server');
    test.slow();
    const site = await startSite();
    try {
      const context = await browser.newContext({ baseURL: site.url });
      const page = await context.newPage();
      const email = await registerNew(page, 'Course Editor', 'editor');
      await grantRole(page, email, 'editor', site.database);
      await openStaff(page, '/staff/courses');
      const courses = page.getByRole('region', { name: 'Courses (scrolls sideways)' });
      await expect(courses.getByRole('rowheader')).toHaveText([
        'Bachelor of Commerce',
        'Bachelor of Business Administration',
        'Bachelor of Computer Applications',
      ]);
      await courses.getByRole('link', { name: 'Bachelor of Computer Applications', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Bachelor of Computer Applications' })).toBeVisible();
      const fee = page.getByLabel('Fee per year, in rupees');
      await expect(fee).toHaveValue('45000');
      await fee.fill('Rs 48,500');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Saved. Visitors see the published version until you publish this one.')).toBeVisible();
      await expect(fee).toHaveValue('48500');

      const publishing = page.getByRole('region', { name: 'Publishing' });
      await publishing.getByRole('radio', { name: 'At a time' }).check();
      // To the second, as the field holds it: the server publishes at that second, not after.
      const at = Math.floor((Date.now() + 15_000) / 1000) * 1000;
      await publishing.getByLabel('Publish at').fill(localInput(at));
      await publishing.getByRole('button', { name: 'Schedule' }).click();
      await expect(publishing.getByRole('status')).toHaveText(/^Scheduled for /);

      const visitor = await context.newPage();
      await visitor.goto('/courses/bca');
      await expect(visitor.getByText('Rs 45,000 a year').first()).toBeVisible();
      await expect
        .poll(
          async () => {
            await visitor.reload();
            return visitor.getByText('Rs 48,500 a year').count();
          },
          { timeout: 45_000, intervals: [2_000] },
        )
        .toBeGreaterThan(0);
      expect(Date.now(), 'not before its time').toBeGreaterThanOrEqual(at);
      await context.close();
    } finally {
      await stopSite(site);
    }
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the course pages have no accessibility violations at 390 px (${scheme})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      for (const path of ['/courses', '/courses/bca']) {
        await page.goto(path);
        await waitForApp(page);
        await expectNoA11yViolations(page, `${path} (${scheme})`);
      }
    });
  }
});
