// A lab PC that students share: one closes the browser without logging out, the next opens
// the tutorial offline. The browser drops a session cookie when it closes, and with it the
// session; the first student's work must go with it. A "Remember me" session outlives the
// browser, and so does its work. Each test uses a browser profile on disk, closed and opened
// again, as the lab PC's browser is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { login, openLogin, PASSWORD, register, uniqueEmail } from './auth-helpers';
import { expect, staticOnly, test } from './fixtures';
import { offlineNote, waitForOfflineCopy } from './offline-helpers';
import { editorParts } from './playground-helpers';
import { waitForLesson } from './tutorial-helpers';

test.skip(staticOnly, 'signing in needs the real server');
// These tests are about the offline copy, which the other specs leave out (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const LESSON = '/react/web-hooks/use-state';
const CHALLENGE = 'Challenge: Count the clicks';
const FILE = 'click-counter.tsx';
const SOLUTION = [
  "import { useState } from 'react';",
  '',
  '// solved on the lab PC',
  'export function ClickCounter() {',
  '  const [count, setCount] = useState(0);',
  "  return <button onClick={() => setCount(count + 1)}>Clicked {count} {count === 1 ? 'time' : 'times'}</button>;",
  '}',
  '',
].join('\n');

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'React tutorial' }).getByRole('link', { name, exact: true });
const storedTutorialKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tutorial-')));
const hasSessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).some((cookie) => cookie.name === 'session');

/** Runs `use` with a browser that keeps its profile on disk: `open()` starts it again on the same profile. */
async function withLabBrowser(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  use: (open: () => Promise<BrowserContext>) => Promise<void>,
) {
  const profile = mkdtempSync(join(tmpdir(), 'college-lab-pc-'));
  const { launchOptions } = test.info().project.use;
  const opened: BrowserContext[] = [];
  const open = async () => {
    const context = await playwright.chromium.launchPersistentContext(profile, {
      executablePath: launchOptions?.executablePath,
      args: launchOptions?.args,
      baseURL,
    });
    opened.push(context);
    return context;
  };
  try {
    await use(open);
  } finally {
    for (const context of opened) await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** On the lesson, signed in: edits the challenge's code and passes it, then waits for the offline copy. */
async function passTheChallenge(page: Page) {
  const challenge = page.getByRole('region', { name: CHALLENGE });
  await challenge.scrollIntoViewIfNeeded();
  await challenge.getByRole('button', { name: `Solve it in the editor: ${CHALLENGE}` }).click();
  const { editor } = editorParts(page, CHALLENGE, FILE);
  await editor.fill(SOLUTION);
  await challenge.getByRole('button', { name: 'Check' }).click();
  await expect(challenge.getByText('All 3 checks pass. Well done!')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${CHALLENGE} (passed)` })).toBeVisible();
  await expect(sidebarLink(page, 'useState (done)')).toBeVisible();
  await waitForOfflineCopy(page);
}

/** The browser opened again, offline, on the lesson. */
async function openOffline(context: BrowserContext): Promise<Page> {
  await context.setOffline(true);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(LESSON);
  await waitForLesson(page);
  await expect(offlineNote(page)).toBeVisible();
  return page;
}

test('a student who closes the browser without logging out leaves none of their work to the next person offline', async ({
  playwright,
  baseURL,
}) => {
  test.slow();
  await withLabBrowser(playwright, baseURL!, async (open) => {
    const first = await open();
    const student = first.pages()[0] ?? (await first.newPage());
    await openLogin(student, `/login?returnTo=${encodeURIComponent(LESSON)}`);
    await register(student, 'Asha Labpc', uniqueEmail('lab-pc'));
    await expect(student).toHaveURL(LESSON);
    await waitForLesson(student);
    await passTheChallenge(student);
    expect(await storedTutorialKeys(student)).not.toEqual([]);
    // Closed without logging out.
    await first.close();

    // The next person opens the browser: the session cookie went when it closed.
    const again = await open();
    expect(await hasSessionCookie(again)).toBe(false);
    const next = await openOffline(again);
    // Saved edits would open the editor once the challenge is in view.
    await next.getByRole('region', { name: /^Challenge: Count the clicks/ }).scrollIntoViewIfNeeded();
    await expect(next.getByRole('heading', { name: CHALLENGE, exact: true })).toBeVisible();
    await expect(sidebarLink(next, 'useState')).toBeVisible();
    await expect(next.getByRole('button', { name: `Solve it in the editor: ${CHALLENGE}` })).toBeVisible();
    await expect(editorParts(next, CHALLENGE, FILE).editor).toHaveCount(0);
    expect(await storedTutorialKeys(next)).toEqual([]);
    // Their own work still works for them: nothing anonymous is held back.
    await next.getByRole('button', { name: `Solve it in the editor: ${CHALLENGE}` }).click();
    await expect(editorParts(next, CHALLENGE, FILE).editor).not.toHaveValue(/solved on the lab PC/);
  });
});

test('a student who ticked "Remember me" finds their work after the browser is closed and opened again offline', async ({
  playwright,
  baseURL,
}) => {
  test.slow();
  await withLabBrowser(playwright, baseURL!, async (open) => {
    const first = await open();
    const student = first.pages()[0] ?? (await first.newPage());
    const email = uniqueEmail('lab-pc-remembered');
    const registered = await student.request.post('/api/auth/register', {
      data: { displayName: 'Ravi Remembered', email, password: PASSWORD, mobile: '+91 98765 43210' },
      headers: { origin: baseURL! },
    });
    expect(registered.status()).toBe(201);
    await first.clearCookies();
    await openLogin(student, `/login?returnTo=${encodeURIComponent(LESSON)}`);
    await login(student, email, PASSWORD, true);
    await expect(student).toHaveURL(LESSON);
    await waitForLesson(student);
    await passTheChallenge(student);
    await first.close();

    // The remembered session lives on in the browser, and so does the student's work.
    const again = await open();
    expect(await hasSessionCookie(again)).toBe(true);
    const back = await openOffline(again);
    await back.getByRole('region', { name: /^Challenge: Count the clicks/ }).scrollIntoViewIfNeeded();
    await expect(back.getByRole('heading', { name: `${CHALLENGE} (passed)` })).toBeVisible();
    await expect(sidebarLink(back, 'useState (done)')).toBeVisible();
    await expect(editorParts(back, CHALLENGE, FILE).editor).toHaveValue(/solved on the lab PC/);
  });
});
