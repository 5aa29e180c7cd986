// The office's pages (/staff) as office staff and administrators reach them, for the staff tests.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { registerNew } from './account-helpers';
import { accountButton } from './auth-helpers';
import { expect, expectNoA11yViolations, waitForApp } from './fixtures';
import { grantRole } from './roles-helpers';

/** Chromium's message for an answer with status 403 or 409: expected where the server refuses. */
export const REFUSED = /Failed to load resource: the server responded with a status of (400|403|409)/;

/** Registers an account from /login, has the operator give it `role` (on `database`, if given), and opens /staff. */
export async function newStaff(page: Page, name: string, role: 'office' | 'admin', database?: string): Promise<string> {
  const email = await registerNew(page, name, role);
  await grantRole(page, email, role, database);
  await openStaff(page);
  return email;
}

/** Opens /staff (or `path`) and waits for the staff area's menu. */
export async function openStaff(page: Page, path = '/staff') {
  await page.goto(path);
  await waitForApp(page);
  await expect(staffNav(page)).toBeVisible();
}

export const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff area' });

/** A short token that makes a test's message its own. */
export const token = () => randomUUID().slice(0, 8);

/** Sends a message through the contact form, as a visitor does. */
export async function sendContact(page: Page, { name, email, subject, message }: { name: string; email: string; subject: string; message: string }) {
  await page.goto('/contact');
  await waitForApp(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Your email').fill(email);
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Your message').fill(message);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL('/contact/thanks');
}

/** The inbox's row of the message with `subject`. */
export const messageRow = (page: Page, subject: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: subject }) });

/** Searches the inbox (Enter searches at once). */
export async function searchInbox(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search messages' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

/** Opens the header's menu and follows "Staff area". */
export async function staffFromMenu(page: Page, name: string) {
  await accountButton(page, name).click();
  await page.getByRole('link', { name: /^Staff area/ }).click();
  await expect(staffNav(page)).toBeVisible();
}

/**
 * Opens each of `pages` (a name, an address) in the staff area and checks it with axe, light
 * and dark; on a 390 px phone it does not scroll sideways (wide tables scroll inside their own box).
 */
export async function expectStaffPagesAccessible(page: Page, pages: readonly (readonly [string, string])[]) {
  for (const [name, path] of pages) {
    await openStaff(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoA11yViolations(page, `${name} (${scheme})`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 390 px`).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });
  }
}
