// Passkeys with Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain), on a
// site of the test's own at http://localhost:PORT (WebAuthn takes no IP address as a site's id):
// a person adds a passkey on the two-step page and signs in with it alone; a security key
// without a PIN answers the second step after the password; axe checks the passkey parts.
import type { Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, test, waitForApp } from './fixtures';
import { startSite, stopSite, type Site } from './own-site';
import { setUpInPage } from './two-step-helpers';

let site: Site;

test.beforeAll(async () => {
  site = await startSite({}, { asLocalhost: true });
});

test.afterAll(async () => {
  await stopSite(site);
});

/** A virtual authenticator in this page's browser: a passkey device (with a fingerprint) or a plain key. */
async function addAuthenticator(page: Page, verifiesUser: boolean) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: verifiesUser ? 'internal' : 'usb',
      hasResidentKey: verifiesUser,
      hasUserVerification: verifiesUser,
      isUserVerified: verifiesUser,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Registers a new account on the site through its API (the context keeps the session). */
async function registerOnSite(page: Page, name: string, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const registered = await page.request.post(`${site.url}/api/auth/register`, {
    headers: { origin: site.url },
    data: { displayName: name, email, password: PASSWORD, mobile: '+91 98765 43210' },
  });
  expect(registered.status()).toBe(201);
  return email;
}

async function signOut(page: Page) {
  const out = await page.request.post(`${site.url}/api/auth/logout`, { headers: { origin: site.url }, data: {} });
  expect(out.status()).toBe(200);
}

async function addInPage(page: Page, name: string, proof: { code?: string } = {}) {
  const form = page.getByRole('region', { name: 'Add a passkey' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Current password').fill(PASSWORD);
  if (proof.code) await form.getByLabel('Code from your authenticator app').fill(proof.code);
}

test('a person adds a passkey and then signs in with it alone', async ({ page }) => {
  await addAuthenticator(page, true);
  await registerOnSite(page, 'Nisha Passkey', 'passkey');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/account/two-step`);
  await waitForApp(page);
  const passkeys = page.getByRole('region', { name: 'Passkeys and security keys' });
  await expect(passkeys.getByText('You have not added any yet.')).toBeVisible();
  await addInPage(page, 'This laptop');
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByText('Added. It can now sign you in.')).toBeVisible();
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('listitem')).toContainText('This laptop');
  await expect(passkeys.getByRole('listitem')).toContainText('Passkey: signs you in by itself');
  await expect(passkeys.getByRole('listitem')).toContainText('not used yet');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoA11yViolations(page, `the passkeys on /account/two-step (${scheme})`);
  }

  await page.setViewportSize({ width: 1280, height: 720 });
  await signOut(page);
  await page.goto(`${site.url}/login?returnTo=%2Faccount%2Ftwo-step`);
  await waitForApp(page);
  await page.getByRole('button', { name: 'Login with a passkey' }).click();
  await expect(page).toHaveURL(/\/account\/two-step$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Signed in as Nisha Passkey' })).toBeVisible();
  await expect(passkeys.getByRole('listitem')).toContainText('last used');

  // Removed, it signs no one in: the browser finds no passkey the site knows.
  await passkeys.getByRole('button', { name: 'Remove This laptop' }).click();
  const remove = page.getByRole('region', { name: 'Remove “This laptop”' });
  await remove.getByLabel('Current password').fill(PASSWORD);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(passkeys.getByText('You have not added any yet.')).toBeVisible();
});

test('a security key without a PIN answers the second step after the password', async ({ page }) => {
  await addAuthenticator(page, false);
  const email = await registerOnSite(page, 'Kiran Key', 'security-key');
  await page.goto(`${site.url}/account/two-step`);
  await waitForApp(page);
  const app = await setUpInPage(page, email);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await page.goto(`${site.url}/account/two-step`);
  await waitForApp(page);
  await addInPage(page, 'Blue key', { code: app.recoveryCodes.pop() });
  await page.getByLabel('Security key without a PIN (a second step only)').check();
  await page.getByRole('button', { name: 'Add security key' }).click();
  const passkeys = page.getByRole('region', { name: 'Passkeys and security keys' });
  await expect(passkeys.getByRole('listitem')).toContainText('Security key: a second step after your password');

  await signOut(page);
  await page.goto(`${site.url}/login`);
  await waitForApp(page);
  const login = page.getByRole('region', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login\/second-factor/);
  await waitForApp(page);
  await page.getByRole('button', { name: 'Use your passkey or security key' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Signed in as Kiran Key' })).toBeVisible();
});
