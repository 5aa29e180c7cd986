// The account page as a signed-in user reaches it, for the account tests.
import type { Browser, Page } from '@playwright/test';
import { accountButton, login, openLogin, PASSWORD, register, uniqueEmail } from './auth-helpers';
import { dataDir, expect, waitForApp } from './fixtures';
import { waitForMail } from './mail';

const VERIFY_LINK = /https?:\/\/\S+\/account\/verify#token=[\w-]+/;

/** Registers a new account from /login and returns its email. */
export async function registerNew(page: Page, name: string, prefix = 'account'): Promise<string> {
  const email = uniqueEmail(prefix);
  await openLogin(page);
  await register(page, name, email);
  await expect(accountButton(page, name)).toBeVisible();
  return email;
}

/** Opens /account from the header menu, as a user does. */
export async function openAccount(page: Page, name: string) {
  await accountButton(page, name).click();
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
}

export function section(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

/** The verification link mailed to `address` (the newest one, when several were sent). */
export async function verificationLink(address: string): Promise<string> {
  const mail = await waitForMail(dataDir, address, 10_000, VERIFY_LINK);
  const link = VERIFY_LINK.exec(mail)?.[0];
  if (!link) throw new Error(`no verification link in the mail:\n${mail}`);
  return link;
}

/** A second browser (its own cookies), signed in to the same account. */
export async function secondDevice(browser: Browser, email: string, password = PASSWORD): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openLogin(page);
  await login(page, email, password);
  await expect(page).toHaveURL('/');
  await waitForApp(page);
  return page;
}
