import { expect, HTTP_ERROR_STATUS, test } from './fixtures';
import {
  expectHeading,
  liveDemo,
  PLACEHOLDER_SERVICE,
  routeServiceTo,
  startStandIn,
  TUTORIAL_PAGES,
  waitForLesson,
  type StandIn,
} from './tutorial-helpers';

// Pages that pass through the fetch demo get their users from a local
// stand-in: the real placeholder-data service is out of reach here.
let standIn: StandIn;
test.beforeAll(async () => {
  standIn = await startStandIn();
});
test.afterAll(async () => {
  await standIn.close();
});

test.describe('tutorial pages', () => {
  test.beforeEach(async ({ page }) => {
    await routeServiceTo(page, standIn);
  });

  for (const [path, heading] of TUTORIAL_PAGES) {
    test(`${path} is prerendered and shows "${heading}"`, async ({ page, request }) => {
      // The lesson's text and code are in the HTML before any script runs.
      const html = await (await request.get(path)).text();
      expect(html).toContain(`<h1 id="lesson-heading">${heading}</h1>`);
      expect(html).toContain('class="lead"');

      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectHeading(page, heading);
      await expect(page).toHaveTitle(new RegExp(`^${heading.replace('?', '\\?')} \\(React tutorial\\) \\|`));
      await waitForLesson(page);
      await expectHeading(page, heading);
    });
  }

  test('demo source is in the prerendered HTML, highlighted, with a caption', async ({ request }) => {
    const html = await (await request.get('/react/web-hooks/use-state')).text();
    expect(html).toMatch(/<p class="code-block__caption" id="[^"]+">Source: counter\.tsx<\/p>/);
    expect(html).toMatch(/<pre class="code-block__pre" tabindex="0" role="region" aria-labelledby="[^"]+"><code><span class="tok-keyword">import<\/span>/);
    expect(html).not.toMatch(/<span[^>]* style=/);
  });

  test.describe('an unknown tutorial path', () => {
    test.use({ allowedConsoleErrors: [HTTP_ERROR_STATUS] });

    test('is the 404 page', async ({ page }) => {
      const response = await page.goto('/react/no-such-lesson');
      expect(response?.status()).toBe(404);
      await expectHeading(page, 'Error404 Page');
    });
  });
});

test.describe('tutorial navigation', () => {
  test.beforeEach(async ({ page }) => {
    await routeServiceTo(page, standIn);
  });

  test('the sidebar marks the current lesson and moves between lessons', async ({ page }) => {
    await page.goto('/react');
    await waitForLesson(page);
    const sidebar = page.getByRole('navigation', { name: 'React tutorial' });
    await expect(sidebar.getByRole('link', { name: 'Intro' }).first()).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);

    await sidebar.getByRole('link', { name: 'Props' }).click();
    await expect(page).toHaveURL('/react/props');
    await expectHeading(page, 'Props');
    await expect(sidebar.getByRole('link', { name: 'Props' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(liveDemo(page, 'Course cards')).toContainText('3 hrs');

    await sidebar.getByRole('link', { name: 'useReducer' }).click();
    await expect(page).toHaveURL('/react/web-hooks/use-reducer');
    await expectHeading(page, 'useReducer');
    await expect(page).toHaveTitle(/^useReducer \(React tutorial\) \|/);

    await sidebar.getByRole('link', { name: 'Web Hooks' }).click();
    await expectHeading(page, 'React Hooks');
    // The overview lists every hook lesson with a link.
    const lessons = page.locator('.hook-list a');
    await expect(lessons).toHaveCount(9);
    await page.getByRole('link', { name: 'useCallback', exact: true }).last().click();
    await expect(page).toHaveURL('/react/web-hooks/use-callback');
  });

  test('next and previous links walk through every lesson in order', async ({ page }) => {
    const lessons = TUTORIAL_PAGES.slice(1);
    await page.goto(lessons[0]![0]);
    await waitForLesson(page);
    const pager = page.getByRole('navigation', { name: 'Previous and next lesson' });
    await expect(pager.getByRole('link', { name: /Previous/ })).toHaveCount(0);
    for (const [path, heading] of lessons.slice(1)) {
      const next = pager.getByRole('link', { name: /^Next/ });
      // This test is about the order of the links, not the mouse: on these long pages a lesson's
      // content arriving moves the pager under a real click now and then on a busy machine.
      await next.dispatchEvent('click');
      await expect(page).toHaveURL(path);
      await expectHeading(page, heading);
    }
    await expect(pager.getByRole('link', { name: /^Next/ })).toHaveCount(0);
    await pager.getByRole('link', { name: /^Previous/ }).click();
    await expect(page).toHaveURL('/react/web-hooks/use-callback');
    await page.goBack();
    await expect(page).toHaveURL('/react/web-hooks/custom-hook');
    await expectHeading(page, 'Custom hooks');
  });

  test('on a phone the sidebar folds behind a button that works with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/react/forms');
    await waitForLesson(page);
    const toggle = page.getByRole('button', { name: 'Lessons' });
    const sidebar = page.getByRole('navigation', { name: 'React tutorial' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'tutorial-nav');
    await expect(sidebar).toBeHidden();

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Space');
    await sidebar.getByRole('link', { name: 'useState' }).click();
    await expectHeading(page, 'useState');
    // Moving to another lesson closes the list.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar).toBeHidden();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the sidebar stays in view on a phone and its links work', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/react/install');
      const sidebar = page.getByRole('navigation', { name: 'React tutorial' });
      await expect(sidebar).toBeVisible();
      await expect(page.getByRole('button', { name: 'Lessons' })).toBeHidden();
      await sidebar.getByRole('link', { name: 'useMemo' }).click();
      await expect(page).toHaveURL('/react/web-hooks/use-memo');
      await expectHeading(page, 'useMemo');
      await expect(page.getByText('Source: primes.ts')).toBeVisible();
    });

    test('demo controls are disabled, as they only work with scripts', async ({ page }) => {
      await page.goto('/react/web-hooks/use-state');
      const todos = liveDemo(page, 'Todo list');
      await expect(todos.getByRole('textbox')).toBeDisabled();
      await expect(todos.getByRole('button', { name: 'Add' })).toBeDisabled();
      await expect(liveDemo(page, 'Counter').getByRole('button', { name: 'Reset' })).toBeDisabled();
    });
  });
});

test.describe('tutorial demos', () => {
  test('useState counter counts both ways and resets to 0', async ({ page }) => {
    await page.goto('/react/web-hooks/use-state');
    await waitForLesson(page);
    const demo = liveDemo(page, 'Counter');
    const value = demo.getByText(/^Count: /);
    await expect(value).toHaveAttribute('aria-live', 'polite');
    await demo.getByRole('button', { name: 'Increment' }).click();
    await demo.getByRole('button', { name: 'Increment' }).click();
    await demo.getByRole('button', { name: 'Increment' }).click();
    await expect(value).toHaveText('Count: 3');
    await demo.getByRole('button', { name: 'Decrement' }).click();
    await expect(value).toHaveText('Count: 2');
    await demo.getByRole('button', { name: 'Reset' }).click();
    await expect(value).toHaveText('Count: 0');
    await demo.getByRole('button', { name: 'Decrement' }).click();
    await expect(value).toHaveText('Count: -1');
  });

  test('useReducer counter resets to 0', async ({ page }) => {
    await page.goto('/react/web-hooks/use-reducer');
    await waitForLesson(page);
    const demo = liveDemo(page, 'Reducer counter');
    await demo.getByRole('button', { name: 'Increment' }).click();
    await demo.getByRole('button', { name: 'Increment' }).click();
    await expect(demo.getByText(/^Count: /)).toHaveText('Count: 2');
    await demo.getByRole('button', { name: 'Reset' }).click();
    await expect(demo.getByText(/^Count: /)).toHaveText('Count: 0');
  });

  test('cart stays within 1 to 10 and its total is always quantity x 100', async ({ page }) => {
    await page.goto('/react/web-hooks/use-state');
    await waitForLesson(page);
    const demo = liveDemo(page, 'Cart');
    const add = demo.getByRole('button', { name: 'Add one' });
    const remove = demo.getByRole('button', { name: 'Remove one' });
    const quantity = demo.getByText(/^Quantity: /);
    const total = demo.getByText(/^Total: /);

    await expect(quantity).toHaveText('Quantity: 1');
    await expect(total).toHaveText('Total: 100 INR');
    await expect(total).toHaveAttribute('aria-live', 'polite');
    await expect(remove).toBeDisabled();
    await remove.click({ force: true });
    await expect(quantity).toHaveText('Quantity: 1');

    for (let expected = 2; expected <= 10; expected += 1) {
      await add.click();
      // The total matches at once, not one click later.
      await expect(quantity).toHaveText(`Quantity: ${expected}`);
      await expect(total).toHaveText(`Total: ${expected * 100} INR`);
    }
    await expect(add).toBeDisabled();
    await add.click({ force: true });
    await expect(quantity).toHaveText('Quantity: 10');
    await expect(total).toHaveText('Total: 1000 INR');
    // At the limit the button keeps focus, so keyboard users are not lost.
    await expect(add).toBeFocused();

    await remove.click();
    await expect(total).toHaveText('Total: 900 INR');
    await expect(add).toBeEnabled();
  });

  for (const [path, name] of [
    ['/react/web-hooks/use-state', 'Todo list'],
    ['/react/web-hooks/use-reducer', 'Reducer todo list'],
  ] as const) {
    test(`${name}: blank todos are ignored, others are added and toggle`, async ({ page }) => {
      await page.goto(path);
      await waitForLesson(page);
      const demo = liveDemo(page, name);
      const items = demo.getByRole('listitem');
      const input = demo.getByLabel('New todo');
      await expect(items).toHaveCount(3);

      await demo.getByRole('button', { name: 'Add' }).click();
      await input.fill('    ');
      await input.press('Enter');
      await expect(items).toHaveCount(3);
      await expect(demo.getByText('2 of 3 left to do')).toBeVisible();

      await input.fill('  Revise props  ');
      await demo.getByRole('button', { name: 'Add' }).click();
      await expect(items).toHaveCount(4);
      await expect(items.nth(3)).toHaveText('Revise props');
      await expect(input).toHaveValue('');
      await expect(demo.getByText('3 of 4 left to do')).toBeVisible();

      const added = demo.getByRole('checkbox', { name: 'Revise props' });
      await added.check();
      await expect(demo.getByText('2 of 4 left to do')).toBeVisible();
      await added.uncheck();
      await expect(demo.getByText('3 of 4 left to do')).toBeVisible();
      await expect(demo.getByRole('checkbox', { name: 'Read the props lesson' })).toBeChecked();
    });
  }

  test('props show the course as 3 hrs and 2000 INR', async ({ page }) => {
    await page.goto('/react/props');
    const card = liveDemo(page, 'Course cards').getByRole('article').first();
    await expect(card).toContainText('React for beginners');
    await expect(card).toContainText('Duration: 3 hrs');
    await expect(card).toContainText('Fee: 2000 INR');
  });

  test('the form shows the values it submitted', async ({ page }) => {
    await page.goto('/react/forms');
    await waitForLesson(page);
    const demo = liveDemo(page, 'Enrolment form');
    await demo.getByLabel('Full name').fill('  Asha Rao ');
    await demo.getByLabel('Email').fill('asha@example.com');
    await demo.getByLabel('Course').selectOption('BBA');
    await demo.getByRole('button', { name: 'Submit' }).click();
    const result = demo.locator('dl');
    await expect(result).toContainText('NameAsha Rao');
    await expect(result).toContainText('Emailasha@example.com');
    await expect(result).toContainText('CourseBBA');
    await expect(demo.getByLabel('Full name')).toHaveValue('');
  });

  test('memo: the memoised child skips renders the plain child does', async ({ page }) => {
    await page.goto('/react/memo');
    await waitForLesson(page);
    const demo = liveDemo(page, 'memo');
    const plain = demo.locator('p', { hasText: 'Students:' }).first();
    const memoised = demo.locator('p', { hasText: 'Students:' }).last();
    await demo.getByLabel("Teacher's note (re-renders the parent)").pressSequentially('abc');
    await expect(plain).toContainText('rendered 4 times');
    await expect(memoised).toContainText('rendered 1 times');
    await demo.getByRole('button', { name: 'Add a student' }).click();
    await expect(plain).toContainText('Students: 31 (this child has rendered 5 times)');
    await expect(memoised).toContainText('Students: 31 (this child has rendered 2 times)');
  });

  test('useRef focuses the input', async ({ page }) => {
    await page.goto('/react/web-hooks/use-ref');
    await waitForLesson(page);
    const demo = liveDemo(page, 'useRef');
    await demo.getByRole('button', { name: 'Focus the input' }).click();
    await expect(demo.getByLabel('Search the lessons')).toBeFocused();
    await page.keyboard.type('ab');
    await expect(demo.getByText(/has rendered/)).toHaveText('This component has rendered 3 times.');
  });

  test('useContext: the greeting follows the user in context', async ({ page }) => {
    await page.goto('/react/web-hooks/use-context');
    await waitForLesson(page);
    const demo = liveDemo(page, 'User context');
    await expect(demo.getByText(/^Hello, /)).toHaveText('Hello, Asha! You are 19.');
    await demo.getByRole('button', { name: 'Have a birthday' }).click();
    await expect(demo.getByText(/^Hello, /)).toHaveText('Hello, Asha! You are 20.');
  });

  test('useEffect stopwatch runs, pauses and resets', async ({ page }) => {
    await page.clock.install();
    await page.goto('/react/web-hooks/use-effect');
    await waitForLesson(page);
    const demo = liveDemo(page, 'Stopwatch');
    const time = demo.getByRole('timer');
    await demo.getByRole('button', { name: 'Start' }).click();
    await page.clock.runFor(3_000);
    await expect(time).toHaveText('Elapsed: 0:03');
    await demo.getByRole('button', { name: 'Pause' }).click();
    await page.clock.runFor(5_000);
    await expect(time).toHaveText('Elapsed: 0:03');
    await demo.getByRole('button', { name: 'Reset' }).click();
    await expect(time).toHaveText('Elapsed: 0:00');
  });

  test('useMemo and useCallback demos respond without freezing the page', async ({ page }) => {
    await page.goto('/react/web-hooks/use-memo');
    await waitForLesson(page);
    const memoDemo = liveDemo(page, 'useMemo');
    await expect(memoDemo).toContainText('There are 9,592 primes below 1,00,000.');
    await memoDemo.getByRole('button', { name: 'Toggle highlight' }).click();
    await expect(memoDemo.getByText(/^Last update took \d+ ms\.$/)).toBeVisible();
    await memoDemo.getByLabel('Count the primes below').selectOption('200000');
    await expect(memoDemo).toContainText('There are 17,984 primes below 2,00,000.');

    await page.goto('/react/web-hooks/use-callback');
    await waitForLesson(page);
    const demo = liveDemo(page, 'useCallback');
    await demo.getByLabel('Dark panel').check();
    await expect(demo.locator('p', { hasText: 'Like (useCallback)' })).toContainText('rendered 1 times');
    await expect(demo.locator('p', { hasText: 'Like (new function)' })).toContainText('rendered 2 times');
    await demo.getByRole('button', { name: 'Like (useCallback)' }).click();
    await expect(demo.getByText(/^Likes: /)).toHaveText('Likes: 1');
  });
});

test.describe('custom hook: useFetch', () => {
  test('lists 20 users by id and name from a stand-in service', async ({ page }) => {
    await routeServiceTo(page, standIn);
    const asked = standIn.requests.length;
    await page.goto('/react/web-hooks/custom-hook');
    const demo = liveDemo(page, 'useFetch');
    await expect(demo.getByRole('status')).toHaveText('Loaded 20 users.');
    const users = demo.getByRole('listitem');
    await expect(users).toHaveCount(20);
    await expect(users.first()).toHaveText('#1 Stand-in User 1');
    await expect(users.last()).toHaveText('#20 Stand-in User 20');
    expect(standIn.requests.slice(asked)).toEqual(['/users?_limit=20']);
  });

  test.describe('with the service unreachable', () => {
    // The failed request is logged by Chromium itself; allow exactly that.
    test.use({
      allowedConsoleErrors: [/^Failed to load resource: net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED|ADDRESS_UNREACHABLE|NAME_RESOLUTION_FAILED|TIMED_OUT)$/],
    });

    test('shows an error with Retry, and Retry loads the list once it is back', async ({ page }) => {
      // The real service: on these machines (no internet) the request fails.
      const failed = page.waitForEvent('requestfailed', (request) => request.url().startsWith(PLACEHOLDER_SERVICE));
      await page.goto('/react/web-hooks/custom-hook');
      await failed;
      const demo = liveDemo(page, 'useFetch');
      const alert = demo.getByRole('alert');
      await expect(alert).toContainText('Could not load the users. The service could not be reached.');
      const retry = alert.getByRole('button', { name: 'Retry' });

      // The service comes back (the stand-in takes its place) and Retry loads the list.
      await routeServiceTo(page, standIn);
      await retry.click();
      await expect(demo.getByRole('listitem')).toHaveCount(20);
      await expect(demo.getByRole('alert')).toHaveCount(0);
      await expect(demo.getByRole('listitem').nth(4)).toHaveText('#5 Stand-in User 5');
    });
  });
});
