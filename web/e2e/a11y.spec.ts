import { expectNoA11yViolations, HTTP_ERROR_STATUS, test, waitForApp } from './fixtures';

const PAGES = ['/', '/about', '/contact', '/contact/thanks', '/no-such-page'];

test.describe('accessibility (axe-core)', () => {
  test.use({ allowedConsoleErrors: [HTTP_ERROR_STATUS] });

  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${scheme} theme`, () => {
      for (const path of PAGES) {
        test(`${path} has no violations`, async ({ page }) => {
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(path);
          await waitForApp(page);
          await expectNoA11yViolations(page, `${path} (${scheme})`);
        });
      }

      test('the open phone menu has no violations', async ({ page }) => {
        await page.setViewportSize({ width: 375, height: 740 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto('/');
        await waitForApp(page);
        await page.getByRole('button', { name: 'Menu' }).click();
        await expectNoA11yViolations(page, `open menu (${scheme})`);
      });
    });
  }
});
