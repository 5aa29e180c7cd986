import type { Page } from '@playwright/test';
import { expect, staticOnly, test } from './fixtures';
import { openEditor, replaceInEditor } from './playground-helpers';
import { waitForLesson } from './tutorial-helpers';

// Code that navigates its own result frame (a reload, a change to location, a
// meta refresh) would reload it for ever, and saved code would start it again
// at every visit. The page counts the navigations it did not ask for and stops
// the frame at the second, saying so where the result was.

const LIKE = ['/react', 'Like button', 'like-button.tsx'] as const;
const NAVIGATED_AWAY = 'Your code navigated away from the result';

/** Counts the documents loaded into the page's frames (the result frame is the only one). */
function countFrameLoads(page: Page) {
  const loads = { count: 0 };
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) loads.count += 1;
  });
  return loads;
}

test.describe('a result frame that its code navigates away', () => {
  test.skip(staticOnly, 'the sandbox document is served by the real server');

  const navigations = [
    ['location.reload()', '  location.reload();\n'],
    ['location.href = location.href', '  location.href = location.href;\n'],
    ['a meta refresh', "  document.head.insertAdjacentHTML('beforeend', '<meta http-equiv=\"refresh\" content=\"0\">');\n"],
  ] as const;

  for (const [how, line] of navigations) {
    test(`is stopped with a message, and runs again once fixed: ${how}`, async ({ page }) => {
      const loads = countFrameLoads(page);
      const { editor, result, problem } = await openEditor(page, ...LIKE);
      await expect(result.getByRole('button', { name: 'Like' })).toBeVisible();

      await replaceInEditor(page, editor, '  return (', `${line}  return (`);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(NAVIGATED_AWAY);
      await expect(page.locator('iframe[title="Result: Like button"]')).toHaveCount(0);

      // No endless reloads: over a couple of seconds after the message, no frame loads any more.
      const stoppedAt = loads.count;
      await page.waitForTimeout(2000);
      expect(loads.count).toBe(stoppedAt);
      await expect(alert).toContainText(NAVIGATED_AWAY);

      // The page still responds, and the keyboard reaches Run from the editor.
      await editor.focus();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Run' })).toBeFocused();

      // Fixed, the code runs in a fresh frame.
      await replaceInEditor(page, editor, line, '');
      await expect(result.getByRole('button', { name: 'Like' })).toBeVisible();
      await expect(page.getByText(NAVIGATED_AWAY)).toHaveCount(0);
      await expect(problem).toHaveCount(0);
    });
  }

  test('saved code that reloads its frame is stopped on the next visit too, and Reset brings the demo back', async ({ page }) => {
    const { editor } = await openEditor(page, ...LIKE);
    await replaceInEditor(page, editor, '  return (', '  location.reload();\n  return (');
    await expect(page.getByRole('alert')).toContainText(NAVIGATED_AWAY);
    await expect(page.getByText('Your edits are saved in this browser.')).toBeVisible();

    const loads = countFrameLoads(page);
    await page.reload();
    // Hydration replaces the prerendered demo: scroll to the one the app renders.
    await waitForLesson(page);
    // A demo with saved edits opens in the editor by itself, once it is in view.
    // The demo's element may be replaced once more as the page settles: scroll to the one there.
    await expect(() => page.getByRole('group', { name: 'Live demo: Like button' }).scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
    await expect(page.getByRole('alert')).toContainText(NAVIGATED_AWAY);
    const stoppedAt = loads.count;
    await page.waitForTimeout(2000);
    expect(loads.count).toBe(stoppedAt);

    const reset = page.getByRole('button', { name: 'Reset' });
    await reset.focus();
    await page.keyboard.press('Enter');
    await expect(page.frameLocator('iframe[title="Result: Like button"]').getByRole('button', { name: 'Like' })).toBeVisible();
    await expect(page.getByText(NAVIGATED_AWAY)).toHaveCount(0);
  });

  test("the page's own fresh frames never count: Run again and again, and a runaway loop", async ({ page }) => {
    const { editor, result } = await openEditor(page, ...LIKE);
    const run = page.getByRole('button', { name: 'Run' });
    for (let time = 0; time < 4; time += 1) await run.click();
    await expect(result.getByRole('button', { name: 'Like' })).toBeVisible();

    await replaceInEditor(page, editor, '  return (', '  while (true) {}\n  return (');
    await expect(page.getByRole('alert')).toContainText('did not finish', { timeout: 15_000 });
    await replaceInEditor(page, editor, '  while (true) {}\n', '');
    await expect(result.getByRole('button', { name: 'Like' })).toBeVisible({ timeout: 10_000 });
    await run.click();
    await expect(result.getByRole('button', { name: 'Like' })).toBeVisible();
    await expect(page.getByText(NAVIGATED_AWAY)).toHaveCount(0);
  });
});
