import type { Page } from '@playwright/test';
import { accountButton, login, loginColumn, logout, openLogin, PASSWORD, register, uniqueEmail } from './auth-helpers';
import { dataDir, expect, expectNoA11yViolations, staticOnly, test, waitForApp } from './fixtures';
import { waitForMail } from './mail';

// The reset link is mailed by the real server (written as an .eml file there).
test.skip(staticOnly, 'needs the real server');

// A refused login (401), password (422) or used link (410) is an answer the
// page shows; Chromium still logs the status of the failed fetch.
test.use({ allowedConsoleErrors: [/the server responded with a status of (401|410|422)/] });

const NEW_PASSWORD = 'library-steps-at-dawn';
const LINK_USED = 'This link to choose a new password has expired or was already used. Ask for a new one.';

/** Asks for a reset link from the login page, and returns the link from the mail. */
async function askForResetLink(page: Page, email: string): Promise<string> {
  await openLogin(page);
  await loginColumn(page).getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/login/forgot');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account uses that email address, we have sent it a link to choose a new password. The link works for one hour.',
  );
  // Registration also mailed this address its verification link: look for the reset mail.
  const mail = await waitForMail(dataDir, email, 10_000, /^Subject: Choose a new password/m);
  const link = /https?:\/\/\S+\/login\/reset#token=[\w-]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no reset link in the mail:\n${mail}`);
  return link;
}

async function openResetLink(page: Page, link: string) {
  await page.goto(link);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
}

test('a mailed link sets a new password and signs the user in', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await openLogin(page);
  await register(page, 'Meera Iyer', email);
  await expect(accountButton(page, 'Meera Iyer')).toBeVisible();
  await logout(page, 'Meera Iyer');

  const link = await askForResetLink(page, email);
  await openResetLink(page, link);
  const password = page.getByLabel('New password');
  await expect(password).toHaveAccessibleDescription('8 to 128 characters. Avoid common passwords and your email address.');
  await password.fill(email);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('email');

  await password.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/');
  await expect(accountButton(page, 'Meera Iyer')).toBeVisible();
  await logout(page, 'Meera Iyer');

  await openLogin(page);
  await login(page, email, PASSWORD);
  await expect(loginColumn(page).getByRole('alert')).toHaveText('Invalid credentials provided.');
  await login(page, email, NEW_PASSWORD);
  await expect(accountButton(page, 'Meera Iyer')).toBeVisible();

  // The link worked once: opened again, it says so and offers a new one.
  await openResetLink(page, link);
  await expect(page.getByRole('alert')).toHaveText(LINK_USED);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/login/forgot');
});

test('an email with no account gets the same answer', async ({ page }) => {
  await page.goto('/login/forgot');
  await waitForApp(page);
  await page.getByLabel('Email address').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that email address');
});

test('the reset page without a link from a mail says what to do', async ({ page }) => {
  await page.goto('/login/reset');
  await waitForApp(page);
  await expect(page.getByRole('alert')).toHaveText(
    'This page works with the link from your mail. Open the link again, or ask for a new one.',
  );
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/login/forgot');
});

test('the password reset pages have no accessibility violations', async ({ page }) => {
  const email = uniqueEmail('axe-reset');
  await openLogin(page);
  await register(page, 'Axe Reset', email);
  await expect(accountButton(page, 'Axe Reset')).toBeVisible();
  await logout(page, 'Axe Reset');
  const link = await askForResetLink(page, email);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/login/forgot');
    await waitForApp(page);
    await expect(page.getByRole('button', { name: 'Send link' })).toBeEnabled();
    await expectNoA11yViolations(page, `/login/forgot (${scheme})`);
    await openResetLink(page, link);
    await expect(page.getByLabel('New password')).toBeEnabled();
    await expectNoA11yViolations(page, `/login/reset (${scheme})`);
  }
});
