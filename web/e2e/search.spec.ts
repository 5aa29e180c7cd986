import { expect, expectNoA11yViolations, test } from './fixtures';
import { waitForLesson } from './tutorial-helpers';

test.describe('searching the tutorial', () => {
  test('a word only in a lesson\'s text finds it, as it is typed; Enter opens the first', async ({ page }) => {
    await page.goto('/react/intro');
    await waitForLesson(page);
    await page.keyboard.press('/');
    const field = page.getByRole('combobox', { name: 'Search the site' });
    await expect(field).toBeFocused();
    // "noticeably" is in the memo lesson's prose only: not in a title or a heading.
    await field.pressSequentially('noticeably');
    const options = page.getByRole('listbox', { name: 'Results' }).getByRole('option');
    await expect(options.first()).toContainText('memo');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('status').filter({ hasText: /found/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/react\/memo$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('memo');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Ctrl+K opens it, arrows move, Esc closes and gives focus back', async ({ page }) => {
    await page.goto('/react/props');
    await waitForLesson(page);
    await page.keyboard.press('Control+k');
    const field = page.getByRole('combobox', { name: 'Search the site' });
    await field.pressSequentially('hook');
    const options = page.getByRole('option');
    await expect(options.nth(1)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.first()).toHaveAttribute('aria-selected', 'false');
    await expect(field).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
    await page.keyboard.press('ArrowUp');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Search the tutorial/ })).toBeFocused();
    await expect(page).toHaveURL(/\/react\/props$/);
  });

  test('a slash typed in the editor stays in the code', async ({ page }) => {
    await page.goto('/react/props');
    await waitForLesson(page);
    await page.getByRole('button', { name: /^Edit code/ }).first().click();
    const editor = page.getByRole('textbox').first();
    await editor.focus();
    await page.keyboard.press('End');
    await page.keyboard.type('/');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the open search has no accessibility violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/react/forms');
      await waitForLesson(page);
      await page.getByRole('button', { name: /Search the tutorial/ }).click();
      await page.getByRole('combobox', { name: 'Search the site' }).pressSequentially('state');
      await expect(page.getByRole('option').first()).toBeVisible();
      await expectNoA11yViolations(page, `search open (${scheme})`);
    });
  }
});
