import type { Page } from '@playwright/test';
import { registerNew } from './account-helpers';
import { expect, expectNoA11yViolations, HTTP_ERROR_STATUS, staticOnly, test, waitForApp } from './fixtures';
import { waitForOfflineCopy } from './offline-helpers';
import { waitForLesson } from './tutorial-helpers';
import { grantRole } from './roles-helpers';
import { token } from './staff-helpers';

// The notices the office publishes, as a visitor reads them: found from the footer, each on a
// page of its own, the same with JavaScript off, and after the app's own navigation. The
// editor publishes through the content API here; the staff area's editing screens come next.

test.skip(staticOnly, 'notices are rendered by the real server');

interface Published {
  readonly title: string;
  readonly path: string;
}

/** An editor (a new account given the role) publishes a notice with a table in it. */
async function publishNotice(page: Page, title: string): Promise<Published> {
  const email = await registerNew(page, 'Meera Office', 'editor');
  await grantRole(page, email, 'editor');
  const headers = { origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/content/notices', {
    headers,
    data: {
      title,
      body: 'The timetable for **all** BCA students:\n\n| Day | Paper |\n|---|---|\n| Monday | Databases |',
      category: 'exams',
      pinned: false,
    },
  });
  expect(created.status()).toBe(201);
  const { notice } = (await created.json()) as { notice: { id: number; path: string } };
  const published = await page.request.post(`/api/content/notices/${notice.id}/publish`, { headers, data: { revision: 1 } });
  expect(published.status()).toBe(200);
  return { title, path: notice.path };
}

test('a visitor finds a published notice from the footer, reads it, and comes back to it', async ({ page, browser }) => {
  const notice = await publishNotice(await (await browser.newContext()).newPage(), `BCA exam timetable ${token()}`);

  await page.goto('/');
  await waitForApp(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Notices' }).click();
  await expect(page).toHaveURL('/notices');
  await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();
  await expect(page).toHaveTitle(/^Notices \| /);
  await waitForApp(page);

  await page.getByRole('link', { name: notice.title }).click();
  await expect(page).toHaveURL(notice.path);
  await expect(page.getByRole('heading', { level: 1, name: notice.title })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Databases' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${notice.title} \\| `));
  await waitForApp(page);

  // Away inside the app, and back: the notice is loaded from the server again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL('/about');
  await page.goBack();
  await expect(page).toHaveURL(notice.path);
  await expect(page.getByRole('heading', { level: 1, name: notice.title })).toBeVisible();

  await page.getByRole('link', { name: 'All notices' }).click();
  await expect(page).toHaveURL('/notices');
  await expect(page.getByRole('link', { name: notice.title })).toBeVisible();
});

test.describe('an address with no notice', () => {
  test.use({ allowedConsoleErrors: [HTTP_ERROR_STATUS] });

  test('shows the 404 page once, and again after the app moved on and came back', async ({ page }) => {
    let loads = 0;
    page.on('load', () => (loads += 1));
    const response = await page.goto('/notices/no-such-notice');
    expect(response?.status()).toBe(404);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Error404 Page' })).toBeVisible();
    // Back at that address inside the app, it is still the 404 page, shown without loading again.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'React' }).click();
    await expect(page).toHaveURL('/react');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Error404 Page' })).toBeVisible();
    expect(loads).toBe(1);
  });
});

test('the notices read the same with JavaScript off', async ({ browser }) => {
  const notice = await publishNotice(await (await browser.newContext()).newPage(), `Holiday on Friday ${token()}`);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/notices?category=exams');
  await expect(page.getByRole('heading', { level: 1, name: 'Notices: Exams' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exams', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: notice.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: notice.title })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Monday' })).toBeVisible();
  await context.close();
});

test("a notice's title and text from an attacker stay text, and nothing of theirs runs", async ({ page, browser }) => {
  const title = `<img src=x onerror=alert(1)> "quoted" & <b>bold</b> ${token()}`;
  const editor = await (await browser.newContext()).newPage();
  const email = await registerNew(editor, 'Meera Office', 'editor');
  await grantRole(editor, email, 'editor');
  const headers = { origin: new URL(editor.url()).origin };
  const body = [
    '<script>alert(2)</script>',
    '[a link](javascript:alert(3)) and <a href="javascript:alert(4)">another</a>',
    '<svg onload=alert(5)>',
    '![x](x" onerror="alert(6))',
  ].join('\n\n');
  const created = await editor.request.post('/api/content/notices', { headers, data: { title, body, category: 'general', pinned: false } });
  expect(created.status()).toBe(201);
  const { notice } = (await created.json()) as { notice: { id: number; path: string } };
  expect((await editor.request.post(`/api/content/notices/${notice.id}/publish`, { headers, data: { revision: 1 } })).status()).toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const path of ['/notices', notice.path]) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByText(title).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('<script>alert(2)</script>')).toBeVisible();
  await expect(page.locator('main img, main svg, main script, main [onerror], main [onload]')).toHaveCount(0);
  await expect(page.locator('main a[href^="javascript:"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the notices have no accessibility violations (${scheme}, 390 px)`, async ({ page, browser }) => {
    const notice = await publishNotice(await (await browser.newContext()).newPage(), `Open day ${token()}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ['/notices', notice.path]) {
      await page.goto(path);
      await waitForApp(page);
      await expectNoA11yViolations(page, `${path} (${scheme})`);
    }
  });
}

test.describe('Home', () => {
  // Offline, the page's calls to the account fail, as they should: the browser logs each.
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/], serviceWorkers: 'allow' });

  test('shows the latest notices, which a browser with the offline copy gets at its next visit, and keeps them and the notices read offline', async ({ page, context, browser }) => {
    test.slow();
    await page.goto('/react');
    await waitForOfflineCopy(page);
    await page.goto('/');
    await waitForApp(page);

    const notice = await publishNotice(await (await browser.newContext()).newPage(), `Open day on Saturday ${token()}`);
    const latest = page.getByRole('region', { name: 'Latest notices' });
    // The worker asks the network for Home first: the notice is there at the next visit.
    await page.goto('/');
    await expect(latest.getByRole('link', { name: notice.title })).toBeVisible();
    await waitForApp(page);
    await expect(latest.getByRole('link', { name: notice.title })).toBeVisible();

    await latest.getByRole('link', { name: notice.title }).click();
    await expect(page).toHaveURL(notice.path);
    await expect(page.getByRole('heading', { level: 1, name: notice.title })).toBeVisible();

    // With no connection, Home and the notice open as they were last seen, and say so.
    await context.setOffline(true);
    await page.goto('/');
    await expect(latest.getByRole('link', { name: notice.title })).toBeVisible();
    await page.goto(notice.path);
    await expect(page.getByRole('heading', { level: 1, name: notice.title })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Databases' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Offline\./ })).toHaveText(
      'Offline. This page is as it was when you last opened it; the notices may have changed since.',
    );
    await context.setOffline(false);
  });
});

test("the tutorial's search finds a published notice and the college's pages, and opens them from the server", async ({ page, browser }) => {
  const word = `zq${token()}`;
  const notice = await publishNotice(await (await browser.newContext()).newPage(), `Viva dates ${word}`);
  await page.goto('/react/intro');
  // The search's key belongs to the tutorial's layout, which comes with the lesson.
  await waitForLesson(page);
  await page.keyboard.press('/');
  const field = page.getByRole('combobox', { name: 'Search the site' });
  await field.pressSequentially('riverbank');
  const options = page.getByRole('listbox', { name: 'Results' }).getByRole('option');
  await expect(options.first()).toContainText('Contact');
  await expect(options.first()).toContainText('Page · /contact');
  await field.fill('');
  await field.pressSequentially(word);
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(`Notice · ${notice.path}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(notice.path);
  await expect(page.getByRole('heading', { level: 1, name: notice.title })).toBeVisible();
});
