import { expectNoA11yViolations, test } from './fixtures';
import { routeServiceTo, startStandIn, TUTORIAL_PAGES, waitForLesson, type StandIn } from './tutorial-helpers';

test.describe('tutorial accessibility (axe-core)', () => {
  // Twenty pages, each on its own: both workers share them, so this file is not the run's long tail.
  test.describe.configure({ mode: 'parallel' });
  // The fetch demo talks to a local stand-in: the real service is out of
  // reach here, and the page is checked with its list shown.
  let standIn: StandIn;
  test.beforeAll(async () => {
    standIn = await startStandIn();
  });
  test.afterAll(async () => {
    await standIn.close();
  });

  // Each lesson is loaded once and checked in both schemes: the themes are CSS media queries,
  // so the page repaints in the other scheme without loading again.
  for (const [path] of TUTORIAL_PAGES) {
    test(`${path} has no violations, light and dark`, async ({ page }) => {
      await routeServiceTo(page, standIn);
      await page.goto(path);
      await waitForLesson(page);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectNoA11yViolations(page, `${path} (${scheme})`);
      }
    });
  }

  test('the open lesson list on a phone has no violations, light and dark', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/react/web-hooks/use-state');
    await waitForLesson(page);
    await page.getByRole('button', { name: 'Lessons' }).click();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoA11yViolations(page, `open lesson list (${scheme})`);
    }
  });
});
