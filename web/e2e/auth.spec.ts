import type { Page } from '@playwright/test';
import {
  accountButton,
  login,
  loginColumn,
  logout,
  openLogin,
  PASSWORD,
  register,
  registerColumn,
  uniqueEmail,
} from './auth-helpers';
import { expect, expectNoA11yViolations, staticOnly, test, waitForApp } from './fixtures';

// Accounts need the real server (and the development OpenID provider it is
// configured with in playwright.config.ts).
test.skip(staticOnly, 'needs the real server');

// A refused login (401) or a taken email (409) is an answer the page shows;
// Chromium still logs the status of the failed fetch.
test.use({ allowedConsoleErrors: [/the server responded with a status of (401|409)/] });

async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'session');
}

test('the login page has both columns with labelled inputs and states the password rule', async ({ page }) => {
  await openLogin(page);
  const loginForm = loginColumn(page);
  await expect(loginForm.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(loginForm.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(loginForm.getByLabel('Remember me')).toHaveAttribute('type', 'checkbox');
  await expect(loginForm.getByRole('button', { name: 'Login with Google' })).toBeVisible();
  const registerForm = registerColumn(page);
  for (const label of ['Name', 'Email address', 'Password', 'Mobile Number']) {
    await expect(registerForm.getByLabel(label)).toHaveAttribute('required', '');
  }
  await expect(registerForm.getByLabel('Email address')).toHaveAttribute('type', 'email');
  await expect(registerForm.getByLabel('Mobile Number')).toHaveAttribute('type', 'tel');
  await expect(registerForm.getByLabel('Password')).toHaveAccessibleDescription(
    '8 to 128 characters. Avoid common passwords and your email address.',
  );
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the forms are disabled and say that signing in needs JavaScript', async ({ page }) => {
    await page.goto('/login?returnTo=%2Fabout');
    await expect(page.getByText('Signing in needs JavaScript.')).toBeVisible();
    await expect(loginColumn(page).getByLabel('Password')).toBeDisabled();
    await expect(loginColumn(page).getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
    await expect(registerColumn(page).getByRole('button', { name: 'Register' })).toBeDisabled();
  });
});

test('register, stay signed in across a reload, log out, then log in again', async ({ page }) => {
  const email = uniqueEmail('asha');
  await page.goto('/about');
  await waitForApp(page);
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fabout$/);
  await waitForApp(page);

  await register(page, 'Asha Rao', email);
  await expect(page).toHaveURL(/\/about$/);
  await expect(accountButton(page, 'Asha Rao')).toBeVisible();

  await page.reload();
  await waitForApp(page);
  await expect(accountButton(page, 'Asha Rao')).toBeVisible();

  await logout(page, 'Asha Rao');
  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await openLogin(page);
  await login(page, email, 'not-my-password');
  await expect(loginColumn(page).getByRole('alert')).toHaveText('Invalid credentials provided.');
  await expect(page).toHaveURL(/\/login$/);

  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(accountButton(page, 'Asha Rao')).toBeVisible();
});

test('remember me gives the session cookie an expiry; without it the cookie ends with the browser', async ({ page }) => {
  const email = uniqueEmail('ravi');
  await openLogin(page);
  await register(page, 'Ravi Kumar', email);
  await expect(accountButton(page, 'Ravi Kumar')).toBeVisible();
  await logout(page, 'Ravi Kumar');

  await openLogin(page);
  await login(page, email, PASSWORD);
  await expect(accountButton(page, 'Ravi Kumar')).toBeVisible();
  const browserSession = await sessionCookie(page);
  expect(browserSession?.expires).toBe(-1);
  expect(browserSession?.httpOnly).toBe(true);
  expect(browserSession?.sameSite).toBe('Lax');
  await logout(page, 'Ravi Kumar');

  await openLogin(page);
  await login(page, email, PASSWORD, true);
  await expect(accountButton(page, 'Ravi Kumar')).toBeVisible();
  const remembered = await sessionCookie(page);
  const days = ((remembered?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(29);
  expect(days).toBeLessThanOrEqual(30);
});

test('a taken email is refused with the spec\'s message', async ({ page }) => {
  const email = uniqueEmail('taken');
  await openLogin(page);
  await register(page, 'First Owner', email);
  await expect(accountButton(page, 'First Owner')).toBeVisible();
  await logout(page, 'First Owner');

  await openLogin(page);
  await register(page, 'Second Person', email.toUpperCase());
  await expect(registerColumn(page).getByRole('alert')).toHaveText('Cannot create user, email already in use');
});

test.describe('console output the spec asks for', () => {
  // Registration errors other than a taken email are logged to the console too.
  test.use({ allowedConsoleErrors: [/status of 422|user creation encountered an error/] });

  test('a refused registration is logged and shown', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await openLogin(page);
    const column = registerColumn(page);
    await column.getByLabel('Name').fill('Weak Password');
    await column.getByLabel('Email address').fill(uniqueEmail('weak'));
    await column.getByLabel('Password').fill('iloveyou123');
    await column.getByLabel('Mobile Number').fill('9876543210');
    await column.getByRole('button', { name: 'Register' }).click();
    await expect(column.getByRole('alert')).toContainText('most common passwords');
    expect(messages.some((m) => m.includes('user creation encountered an error'))).toBe(true);
  });
});

test('login does nothing while email or password is empty', async ({ page }) => {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/login')) calls += 1;
  });
  await openLogin(page);
  await loginColumn(page).getByRole('button', { name: 'Login', exact: true }).click();
  await loginColumn(page).getByLabel('Email').fill('someone@example.com');
  await loginColumn(page).getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginColumn(page).getByRole('alert')).toHaveCount(0);
  expect(calls).toBe(0);
});

test('Google sign-in runs in a popup that asks for an account every time', async ({ page }) => {
  for (const round of [1, 2]) {
    await openLogin(page);
    const popupPromise = page.waitForEvent('popup');
    await loginColumn(page).getByRole('button', { name: 'Login with Google' }).click();
    const popup = await popupPromise;
    await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await expect(popup.getByText('this is not Google')).toBeVisible();
    await popup.getByRole('button', { name: /Asha Rao asha\.rao@example\.com/ }).click();
    // The popup reports to this page and closes itself.
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(page).toHaveURL(/\/$/);
    await expect(accountButton(page, 'Asha Rao'), `round ${round}`).toBeVisible();
    await logout(page, 'Asha Rao');
  }
});

test('when popups are blocked, Google sign-in runs as a full-page redirect', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openLogin(page, '/login?returnTo=%2Fcontact');
  await loginColumn(page).getByRole('button', { name: 'Login with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await page.getByRole('button', { name: /Ravi Kumar ravi\.kumar@example\.com/ }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await waitForApp(page);
  await expect(accountButton(page, 'Ravi Kumar')).toBeVisible();
});

test('the login page has no accessibility violations, signed out and signed in', async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openLogin(page);
    await expectNoA11yViolations(page, `/login signed out (${scheme})`);
  }
  await expect(page.getByText('Signing in needs JavaScript.')).toBeHidden();
  await register(page, 'Axe Tester', uniqueEmail('axe'));
  await expect(accountButton(page, 'Axe Tester')).toBeVisible();
  await openLogin(page);
  await expect(accountButton(page, 'Axe Tester')).toBeVisible();
  await accountButton(page, 'Axe Tester').click();
  await expectNoA11yViolations(page, '/login signed in, menu open');
});
