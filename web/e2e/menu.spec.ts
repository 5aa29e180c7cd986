import { expect, test, waitForApp } from './fixtures';

test.describe('phone-width menu', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu button shows and hides the navigation', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const button = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    const panelId = await button.getAttribute('aria-controls');
    await expect(page.locator(`#${panelId}`)).toContainText('Login');

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    // Following a link closes the menu.
    await button.click();
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });

  test('works from the keyboard, and Escape closes it and returns focus', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const button = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });

    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // brand
    await page.keyboard.press('Tab'); // menu button
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/contact');
    await expect(nav).toBeHidden();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the navigation is shown in full and the button is not', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeVisible();
      await nav.getByRole('link', { name: 'About' }).click();
      await expect(page).toHaveURL('/about');
    });
  });
});
