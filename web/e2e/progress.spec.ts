// Progress and saved work that follow the student: kept in the browser when signed out, merged
// into the account at sign-in, found in another browser, and gone from the page and the
// browser's storage at logout.
import type { Browser, Page } from '@playwright/test';
import { accountButton, login, logout, openLogin, register, uniqueEmail, PASSWORD } from './auth-helpers';
import { expect, staticOnly, test, waitForApp } from './fixtures';
import { editorParts } from './playground-helpers';
import { waitForLesson } from './tutorial-helpers';

test.skip(staticOnly, 'progress is kept by the real server');

const LESSON = '/react/web-hooks/use-state';
const CHALLENGE = 'Challenge: Count the clicks';
const FILE = 'click-counter.tsx';

/** A correct answer, with a marker to recognise this version by. */
const answer = (marker: string) =>
  [
    "import { useState } from 'react';",
    '',
    `// ${marker}`,
    'export function ClickCounter() {',
    '  const [count, setCount] = useState(0);',
    "  return <button onClick={() => setCount(count + 1)}>Clicked {count} {count === 1 ? 'time' : 'times'}</button>;",
    '}',
    '',
  ].join('\n');

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'React tutorial' }).getByRole('link', { name, exact: true });

/** The tutorial's keys in this browser's storage. */
const storedTutorialKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tutorial-')));

/**
 * The challenge's editor: opened with its button, or, when the student has saved edits
 * (`saved`), found opened by itself once the challenge comes into view.
 */
async function openChallenge(page: Page, saved = false) {
  // The region is named by its heading, which says "(passed)" once it has.
  const challenge = page.getByRole('region', { name: /^Challenge: Count the clicks( \(passed\))?$/ });
  await challenge.scrollIntoViewIfNeeded();
  const parts = editorParts(page, CHALLENGE, FILE);
  if (!saved && !(await parts.editor.isVisible())) {
    await challenge.getByRole('button', { name: `Solve it in the editor: ${CHALLENGE}` }).click();
  }
  await expect(parts.editor).toBeVisible();
  return { challenge, ...parts };
}

/** The answer to the next save the page sends to the account. */
const nextProgressWrite = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/progress') && response.request().method() === 'POST');

/** Types `code` as the whole file and waits until the account has it. */
async function saveInAccount(page: Page, code: string, hasSavedEdits = false) {
  const { editor, challenge } = await openChallenge(page, hasSavedEdits);
  const written = nextProgressWrite(page);
  await editor.fill(code);
  expect((await written).status()).toBe(200);
  await expect(challenge.locator('.playground__status')).toHaveText('Saved');
}

/** A second browser (its own storage and cookies), signed in as `email`, on `path`. */
async function signInElsewhere(browser: Browser, email: string, path = LESSON) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openLogin(page, `/login?returnTo=${encodeURIComponent(path)}`);
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(path);
  await waitForLesson(page);
  return { context, page };
}

/** Watches for any answer of the server's with a 5xx status. */
function watchServerErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

test('a challenge passed before registering stays passed, follows the student, and leaves with logout', async ({ page, browser }) => {
  test.slow();
  await page.goto(LESSON);
  await waitForLesson(page);
  const { editor, challenge } = await openChallenge(page);
  await editor.fill(answer('mine, before registering'));
  await challenge.getByRole('button', { name: 'Check' }).click();
  await expect(challenge.getByText('All 3 checks pass. Well done!')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${CHALLENGE} (passed)` })).toBeVisible();
  await expect(sidebarLink(page, 'useState (done)')).toBeVisible();
  await expect(challenge.locator('.playground__status')).toHaveText('Your edits are saved in this browser.');

  // Register from the lesson: what the browser held goes into the new account.
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await waitForApp(page);
  const email = uniqueEmail('progress');
  const merged = nextProgressWrite(page);
  await register(page, 'Meera Pillai', email);
  await expect(page).toHaveURL(LESSON);
  expect((await merged).status()).toBe(200);
  await expect(accountButton(page, 'Meera Pillai')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${CHALLENGE} (passed)` })).toBeVisible();
  await expect(sidebarLink(page, 'useState (done)')).toBeVisible();

  // Another browser: signed in, the lesson is done and the edited file is there.
  const elsewhere = await signInElsewhere(browser, email);
  const other = elsewhere.page;
  await expect(other.getByRole('heading', { name: `${CHALLENGE} (passed)` })).toBeVisible();
  await expect(sidebarLink(other, 'useState (done)')).toBeVisible();
  const { editor: otherEditor } = await openChallenge(other, true);
  await expect(otherEditor).toHaveValue(/mine, before registering/);
  await other.goto('/react');
  await waitForLesson(other);
  await expect(other.getByText('1 of 17 lessons done.')).toBeVisible();
  await expect(other.getByRole('link', { name: 'Continue: Intro' })).toBeVisible();

  // Logout there: a clean tutorial, in the page and in the browser's storage.
  await other.goto(LESSON);
  await waitForLesson(other);
  await expect(other.getByRole('heading', { name: `${CHALLENGE} (passed)` })).toBeVisible();
  await logout(other, 'Meera Pillai');
  await expect(other.getByRole('heading', { name: CHALLENGE, exact: true })).toBeVisible();
  await expect(sidebarLink(other, 'useState')).toBeVisible();
  await expect(other.getByRole('button', { name: `Solve it in the editor: ${CHALLENGE}` })).toBeVisible();
  expect(await storedTutorialKeys(other)).toEqual([]);
  await other.reload();
  await waitForLesson(other);
  await expect(other.getByRole('heading', { name: CHALLENGE, exact: true })).toBeVisible();
  await elsewhere.context.close();

  // A session that ends without logout (the cookie gone) leaves a clean tutorial at the next load.
  expect((await storedTutorialKeys(page)).length).toBeGreaterThan(0);
  await page.context().clearCookies();
  await page.reload();
  await waitForLesson(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: CHALLENGE, exact: true })).toBeVisible();
  expect(await storedTutorialKeys(page)).toEqual([]);
});

test('logout in another tab leaves this tab with a clean lesson, which then saves nothing', async ({ page }) => {
  await openLogin(page, `/login?returnTo=${encodeURIComponent(LESSON)}`);
  await register(page, 'Dev Menon', uniqueEmail('two-tabs'));
  await expect(page).toHaveURL(LESSON);
  await waitForLesson(page);
  await saveInAccount(page, answer('tab one'));

  const second = await page.context().newPage();
  await second.goto('/');
  await waitForApp(second);
  await logout(second, 'Dev Menon');

  await expect(page.getByRole('button', { name: `Solve it in the editor: ${CHALLENGE}` })).toBeVisible();
  await expect(editorParts(page, CHALLENGE, FILE).editor).toHaveCount(0);
  expect(await storedTutorialKeys(page)).toEqual([]);
});

test('a lesson without challenges is marked done, in the account, and can be undone', async ({ page, browser }) => {
  await openLogin(page, '/login?returnTo=%2Freact%2Finstall');
  const email = uniqueEmail('marks');
  await register(page, 'Kiran Das', email);
  await expect(page).toHaveURL('/react/install');
  await waitForLesson(page);
  const mark = page.getByRole('button', { name: 'Mark as done' });
  const saved = nextProgressWrite(page);
  await mark.click();
  await expect(page.getByRole('status').filter({ hasText: 'You marked this lesson done.' })).toBeVisible();
  await expect(sidebarLink(page, 'Installation (done)')).toBeVisible();
  // One button throughout: the keyboard stays where it was.
  await expect(page.getByRole('button', { name: 'Undo: mark as not done' })).toBeFocused();
  expect((await saved).status()).toBe(200);

  const elsewhere = await signInElsewhere(browser, email, '/react');
  await expect(sidebarLink(elsewhere.page, 'Installation (done)')).toBeVisible();
  await expect(elsewhere.page.getByText('1 of 17 lessons done.')).toBeVisible();
  await expect(elsewhere.page.getByRole('link', { name: 'Continue: Intro' })).toBeVisible();
  await elsewhere.context.close();

  const undone = nextProgressWrite(page);
  await page.getByRole('button', { name: 'Undo: mark as not done' }).click();
  await expect(sidebarLink(page, 'Installation')).toBeVisible();
  expect((await undone).status()).toBe(200);
  const again = await signInElsewhere(browser, email, '/react');
  await expect(again.page.getByText('0 of 17 lessons done.')).toBeVisible();
  await expect(sidebarLink(again.page, 'Installation')).toBeVisible();
  await again.context.close();
});

test('editing in two places keeps the newer edit, without a server error', async ({ page, browser }) => {
  test.slow();
  const errors = watchServerErrors(page);
  await openLogin(page, `/login?returnTo=${encodeURIComponent(LESSON)}`);
  const email = uniqueEmail('two-places');
  await register(page, 'Asha Rao', email);
  await expect(page).toHaveURL(LESSON);
  await waitForLesson(page);
  await saveInAccount(page, answer('first, in the first browser'));

  const elsewhere = await signInElsewhere(browser, email);
  const other = elsewhere.page;
  errors.push(...watchServerErrors(other));
  const { editor: otherEditor } = await openChallenge(other, true);
  await expect(otherEditor).toHaveValue(/first, in the first browser/);
  await saveInAccount(other, answer('second, in the second browser'), true);

  // The first browser still shows its older text; after a reload it has the newer one.
  await page.reload();
  await waitForLesson(page);
  const { editor } = await openChallenge(page, true);
  await expect(editor).toHaveValue(/second, in the second browser/);

  // And the other way round.
  await saveInAccount(page, answer('third, in the first browser again'), true);
  await other.reload();
  await waitForLesson(other);
  await expect((await openChallenge(other, true)).editor).toHaveValue(/third, in the first browser again/);
  await elsewhere.context.close();
  expect(errors).toEqual([]);
});

test('a file edited both before signing in and in the account keeps the other version until dismissed', async ({ page, browser }) => {
  test.slow();
  // The account's edit, made first in another browser...
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  await openLogin(setupPage, `/login?returnTo=${encodeURIComponent(LESSON)}`);
  const email = uniqueEmail('other-version');
  await register(setupPage, 'Ravi Kumar', email);
  await expect(setupPage).toHaveURL(LESSON);
  await waitForLesson(setupPage);
  await saveInAccount(setupPage, answer('older, in the account'));
  await setup.close();

  // ...then this browser's, made signed out: newer, so it wins the merge at sign-in.
  await page.goto(LESSON);
  await waitForLesson(page);
  const { editor } = await openChallenge(page);
  await editor.fill(answer('newer, in this browser'));
  await expect(page.locator('.playground__status')).toHaveText('Your edits are saved in this browser.');
  await openLogin(page, `/login?returnTo=${encodeURIComponent(LESSON)}`);
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(LESSON);
  await waitForLesson(page);

  const parts = await openChallenge(page, true);
  await expect(parts.editor).toHaveValue(/newer, in this browser/);
  const notice = page.locator('.playground__notice').filter({ hasText: `You also have another version of ${FILE}` });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: `Switch to your other version of ${FILE}` }).click();
  await expect(parts.editor).toHaveValue(/older, in the account/);
  // The one switched away from is now the other version, still one click away.
  await expect(notice).toBeVisible();

  // The choice is in the account too: another browser opens on it, with the same other version.
  await expect(parts.challenge.locator('.playground__status')).toHaveText('Saved');
  const elsewhere = await signInElsewhere(browser, email);
  await expect((await openChallenge(elsewhere.page, true)).editor).toHaveValue(/older, in the account/);
  const otherNotice = elsewhere.page.locator('.playground__notice').filter({ hasText: `You also have another version of ${FILE}` });
  await otherNotice.getByRole('button', { name: `Dismiss your other version of ${FILE}` }).click();
  await expect(otherNotice).toHaveCount(0);
  await expect(elsewhere.page.locator('.playground__status')).toHaveText('Saved');
  await elsewhere.context.close();

  await page.reload();
  await waitForLesson(page);
  await expect((await openChallenge(page, true)).editor).toHaveValue(/older, in the account/);
  await expect(page.locator('.playground__notice').filter({ hasText: 'You also have another version' })).toHaveCount(0);
});

test('a student typing fast for a minute loses nothing and never meets the limit on saves', async ({ page, browser }) => {
  // A minute of typing is the point of this test.
  test.setTimeout(180_000);
  const errors = watchServerErrors(page);
  const limited: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/progress') && response.status() === 429) limited.push(response.url());
  });
  await openLogin(page, `/login?returnTo=${encodeURIComponent(LESSON)}`);
  const email = uniqueEmail('typing');
  await register(page, 'Asha Rao', email);
  await expect(page).toHaveURL(LESSON);
  await waitForLesson(page);
  const { editor, challenge } = await openChallenge(page);
  await editor.fill(answer('typed for a minute'));
  await editor.focus();
  await page.keyboard.press('Control+End');

  // Bursts of fast typing, with the short pauses a person makes and now and then a longer one
  // after which the page saves.
  const started = Date.now();
  let line = 0;
  while (Date.now() - started < 60_000) {
    line += 1;
    await page.keyboard.type(`\n// line ${line}: still typing`, { delay: 10 });
    await page.waitForTimeout(line % 4 === 0 ? 1_100 : 150);
  }
  await expect(challenge.locator('.playground__status')).toHaveText('Saved', { timeout: 15_000 });
  const typed = await editor.inputValue();
  expect(typed).toContain(`// line ${line}: still typing`);

  const elsewhere = await signInElsewhere(browser, email);
  const { editor: otherEditor } = await openChallenge(elsewhere.page, true);
  await expect(otherEditor).toHaveValue(typed);
  await elsewhere.context.close();
  expect(limited).toEqual([]);
  expect(errors).toEqual([]);
});

test('a file too large for the account says so, and stays in the browser', async ({ page }) => {
  test.slow();
  await openLogin(page, `/login?returnTo=${encodeURIComponent(LESSON)}`);
  await register(page, 'Neha Singh', uniqueEmail('large'));
  await expect(page).toHaveURL(LESSON);
  await waitForLesson(page);
  const { editor, challenge } = await openChallenge(page);
  // Over 20 KB in lines of ordinary length, as a student's long file would be.
  await editor.fill(answer('large') + `// ${'x'.repeat(60)}\n`.repeat(340));
  await expect(challenge.locator('.playground__status')).toHaveText(
    `${FILE} is too large to keep in your account: a saved file can be at most 20 KB. It is still kept in this browser.`,
  );
  await page.reload();
  await waitForLesson(page);
  await expect((await openChallenge(page, true)).editor).toHaveValue(/\/\/ large/);
});

test('pages outside the tutorial ask nothing of progress; a lesson reads it once', async ({ page }) => {
  await openLogin(page);
  await register(page, 'Farah Khan', uniqueEmail('requests'));
  await expect(accountButton(page, 'Farah Khan')).toBeVisible();
  const progressCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/progress')) progressCalls.push(`${request.method()} ${request.url()}`);
  });

  for (const path of ['/', '/about', '/contact']) {
    await page.goto(path);
    await waitForApp(page);
    await expect(accountButton(page, 'Farah Khan')).toBeVisible();
  }
  expect(progressCalls).toEqual([]);

  const read = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/progress');
  await page.goto(LESSON);
  await waitForLesson(page);
  expect((await read).status()).toBe(200);
  // Time for a second read to show itself, if there were one.
  await page.waitForTimeout(500);
  expect(progressCalls).toHaveLength(1);
  // This lesson's files, for the account the page belongs to.
  expect(progressCalls[0]).toMatch(/^GET http:\/\/[^/]+\/api\/progress\?lesson=use-state&account=[\w-]+$/);
});
