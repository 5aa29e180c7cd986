import type { Route } from '@playwright/test';
import { expect, HTTP_ERROR_STATUS, test, waitForApp } from './fixtures';

test.describe('page content', () => {
  test('home shows the welcome banner and three course cards', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Home | Riverside College of Commerce & Computing');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Riverside College' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started', exact: true })).toHaveAttribute('href', '/react');

    const courses = page.locator('#courses article');
    await expect(courses).toHaveCount(3);
    for (const [index, [code, fee]] of [['BCom', 'Rs 32,000'], ['BBA', 'Rs 38,000'], ['BCA', 'Rs 45,000']].entries()) {
      const card = courses.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(code!);
      await expect(card).toContainText(`${fee} a year`);
      const slug = code!.toLowerCase();
      await expect(card.getByRole('link', { name: `Fees and how to apply for ${code}` })).toHaveAttribute('href', `/courses/${slug}`);
      await expect(card.getByRole('link', { name: `Enquire about ${code}` })).toHaveAttribute('href', `/courses/${slug}#enquire`);
    }
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /BCom, BBA and BCA/);
    await waitForApp(page);
  });

  test('about lists the selling points and a closing invitation', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(/^About us \|/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why join Riverside College?');
    for (const point of [
      'Experienced faculty',
      'Modern facilities',
      'Industry exposure',
      'Holistic development',
      'Placement assistance',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: point })).toBeVisible();
    }
    await expect(page.getByText('Come and see for yourself.')).toBeVisible();
    await waitForApp(page);
  });

  test('contact shows the form and the college address, phone and email', async ({ page }) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle(/^Contact us \|/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    for (const label of ['Your name', 'Your email', 'Subject', 'Your message']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Your email')).toHaveAttribute('type', 'email');
    await expect(page.locator('form').getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(page.locator('address')).toContainText('14 Riverbank Road');
    await expect(page.getByRole('link', { name: '+91 265 245 8900' })).toHaveAttribute('href', 'tel:+912652458900');
    await expect(page.getByRole('link', { name: 'admissions@riverside-college.example' })).toHaveAttribute(
      'href',
      'mailto:admissions@riverside-college.example',
    );
    // The bot trap stays out of sight and out of the accessibility tree.
    await expect(page.locator('#contact-website')).not.toBeInViewport();
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
    await waitForApp(page);
  });

  test('the thank-you page confirms and links home', async ({ page }) => {
    const response = await page.goto('/contact/thanks');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your message has been sent');
    await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Riverside College' })).toBeVisible();
  });

  test.describe('unknown paths', () => {
    test.use({ allowedConsoleErrors: [HTTP_ERROR_STATUS] });

    test('answer 404 with the Error404 page', async ({ page }) => {
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(/^Page not found \|/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error404 Page');
      await waitForApp(page);
      // Still the 404 page once the app runs, with no nav link marked current.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error404 Page');
      await expect(page.locator('[aria-current="page"]')).toHaveCount(0);
      await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL('/');
    });

    test('deeper unknown paths get the 404 page too', async ({ page }) => {
      const response = await page.goto('/about/nothing/here');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error404 Page');
      await waitForApp(page);
    });
  });

  test.describe('pages a mailed link opens', () => {
    const LINK_PAGES = [
      { path: '/login/reset', message: 'This page works with the link from your mail. Open the link again, or ask for a new one.' },
      { path: '/account/verify', message: 'This page works with the link from your mail. Open the link again.' },
    ];

    for (const { path, message } of LINK_PAGES) {
      test(`${path} without a token paints its message before the app runs, and keeps it`, async ({ page }) => {
        // The app's scripts are held back until the first paint has been looked at.
        const held: Route[] = [];
        let release = false;
        await page.route('**/assets/*.js', (route) => (release ? route.continue() : void held.push(route)));
        await page.goto(path);
        const alert = page.getByRole('alert');
        await expect(alert).toHaveText(message);
        await expect(page.getByLabel('New password')).toBeHidden();
        await expect(page.getByText('Checking your link…')).toBeHidden();
        const painted = await alert.elementHandle();

        release = true;
        await Promise.all(held.map((route) => route.continue()));
        await waitForApp(page);
        await expect(alert).toHaveText(message);
        // The app kept the painted message rather than swapping in a new one (a later paint, a shift).
        expect(await painted?.evaluate((element) => element.isConnected)).toBe(true);
      });
    }

    test('with a token, they paint what the link opens', async ({ page }) => {
      await page.route('**/assets/*.js', () => undefined);
      await page.goto('/login/reset#token=not-yet-checked');
      await expect(page.getByLabel('New password')).toBeVisible();
      await expect(page.getByLabel('New password')).toBeDisabled();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.goto('/account/verify#token=not-yet-checked');
      await expect(page.getByRole('status')).toHaveText('Checking your link…');
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('every page is complete as served', async ({ page }) => {
      for (const [path, heading] of [
        ['/', 'Welcome to Riverside College'],
        ['/about', 'Why join Riverside College?'],
        ['/contact', 'Contact us'],
        ['/contact/thanks', 'Thank you, your message has been sent'],
      ]) {
        await page.goto(path!);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toContainText('Copyright © 2017-2021 Riverside College of Commerce & Computing');
      }
    });

    test('the pages a mailed link opens say they need JavaScript, and claim no check', async ({ page }) => {
      await page.goto('/account/verify#token=not-checked');
      await expect(page.getByText('Verifying your email needs JavaScript.')).toBeVisible();
      await expect(page.getByText('Checking your link…')).toBeHidden();
      await page.goto('/login/reset#token=not-checked');
      await expect(page.getByText('Choosing a new password needs JavaScript.')).toBeVisible();
      await expect(page.getByLabel('New password')).toBeDisabled();
    });
  });
});
