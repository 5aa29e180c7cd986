import { expect, test, waitForApp } from './fixtures';
import { waitForLesson } from './tutorial-helpers';

test.describe('navigation', () => {
  test('header links move between pages and mark the current one', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    await expect(page).toHaveTitle(/^Contact us \|/);
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why join Riverside College?');
    await expect(page).toHaveTitle(/^About us \|/);

    // Home, About and Contact are loaded from the server (they carry the office's text); Back
    // returns to the page before.
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Riverside College');
    await page.goBack();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why join Riverside College?');

    // Back and forward go through them in order.
    await page.goBack();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    await page.goForward();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why join Riverside College?');

    await page.getByRole('link', { name: 'Riverside College of Commerce & Computing' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Riverside College');
  });

  test('a page loaded whole fetches no stylesheet; a page reached in the app loads its own', async ({ page }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // The offline copy's notices bring their own small stylesheet once the page is idle,
      // on every page alike; it is not the page's styles.
      if (request.resourceType() === 'stylesheet' && !/^\/assets\/offline-client-[\w-]+\.css$/.test(path)) {
        stylesheets.push(path);
      }
    });
    // Its styles, and its lesson's, are inline in the page: the app does not fetch them again.
    await page.goto('/react/styles');
    await waitForLesson(page);
    expect(stylesheets).toEqual([]);

    await page.goto('/react');
    await waitForLesson(page);
    await page.getByRole('navigation', { name: 'React tutorial' }).getByRole('link', { name: 'CSS Styles' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Styling with CSS');
    await expect.poll(() => stylesheets).toEqual([expect.stringMatching(/^\/assets\/styles-[\w-]+\.css$/)]);
  });

  test('footer page links work', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    for (const [name, url, heading] of [
      ['About', '/about', 'Why join Riverside College?'],
      ['Contact', '/contact', 'Contact us'],
      ['Home', '/', 'Welcome to Riverside College'],
    ]) {
      await pages.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
    }
    await expect(pages.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  test('footer feature links land on their section', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('navigation', { name: 'Features' }).getByRole('link', { name: 'Placement assistance' }).click();
    await expect(page).toHaveURL('/about#placement-assistance');
    await expect(page.locator('#placement-assistance')).toBeInViewport();
  });

  test('the BCA card button leads to the course page', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('link', { name: 'Fees and how to apply for BCA' }).click();
    await expect(page).toHaveURL('/courses/bca');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bachelor of Computer Applications');
  });

  test('after an in-app navigation focus starts at the new page', async ({ page }) => {
    // The college's pages load from the server; the tutorial is reached in the app.
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'React' }).click();
    await expect(page).toHaveURL('/react');
    await expect(page.locator('main')).toBeFocused();
  });

  test('the skip link is first and moves to the main content', async ({ page }) => {
    await page.goto('/about');
    await waitForApp(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/about#main');
    // The first link in the main content: About's word on the faculty.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Meet our faculty and staff' })).toBeFocused();
  });
});
