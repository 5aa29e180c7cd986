import { readFile } from 'node:fs/promises';
import { accountButton, login, loginColumn, logout, openLogin, PASSWORD, register, uniqueEmail } from './auth-helpers';
import { openAccount, registerNew, secondDevice, section, verificationLink } from './account-helpers';
import { expect, expectNoA11yViolations, staticOnly, test, waitForApp } from './fixtures';

// The account page needs the real server; its mails are written as .eml files there.
test.skip(staticOnly, 'needs the real server');

// Refusals the page shows (a wrong password, a used link, a signed-out session);
// Chromium still logs the status of the failed fetch.
test.use({ allowedConsoleErrors: [/the server responded with a status of (401|403|410|422)/] });

const NEW_PASSWORD = 'lantern-over-the-quad';

test('/account signed out leads to /login, and back to /account after signing in', async ({ page }) => {
  const response = await page.goto('/account');
  // The server sends the visitor on: no account page shows first.
  expect(new URL(response?.request().redirectedFrom()?.url() ?? '').pathname).toBe('/account');
  await waitForApp(page);
  await expect(page).toHaveURL('/login?returnTo=%2Faccount');
  await expect(loginColumn(page).getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  const email = uniqueEmail('back');
  await register(page, 'Kiran Rao', email);
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(section(page, 'Profile')).toContainText(email);
  await expect(section(page, 'Profile')).toContainText('You sign in withPassword');
});

test('the link from the registration mail verifies the address', async ({ page }) => {
  const email = await registerNew(page, 'Asha Verma', 'verify');
  await accountButton(page, 'Asha Verma').click();
  await expect(page.getByText('Your email is not verified yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(section(page, 'Email address')).toContainText(`You sign in with ${email}: not verified yet`);

  const link = await verificationLink(email);
  await page.goto(link);
  await waitForApp(page);
  await expect(page.getByRole('status')).toHaveText(`Your email address ${email} is verified.`);
  // The token does not stay in the address bar.
  await expect(page).toHaveURL('/account/verify');
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(section(page, 'Email address')).toContainText(`You sign in with ${email}: verified`);
  await accountButton(page, 'Asha Verma').click();
  await expect(page.getByText('Your email is not verified yet.')).toBeHidden();

  // A link works once.
  await page.goto(link);
  await waitForApp(page);
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
});

test('a new email becomes the sign-in email once its link is opened', async ({ page }) => {
  const email = await registerNew(page, 'Ravi Nair', 'old-address');
  await openAccount(page, 'Ravi Nair');
  const emailSection = section(page, 'Email address');
  const newEmail = uniqueEmail('new-address');
  await emailSection.getByLabel('New email address').fill(newEmail);
  await emailSection.getByLabel('Current password').fill(PASSWORD);
  await emailSection.getByRole('button', { name: 'Change email' }).click();
  await expect(emailSection.getByRole('status').last()).toContainText(`We have sent a link to ${newEmail}`);
  await expect(emailSection).toContainText(`We sent a link to ${newEmail}.`);

  const link = await verificationLink(newEmail);
  await page.goto(link);
  await waitForApp(page);
  await expect(page.getByRole('status')).toHaveText(`Your email is changed: you now sign in with ${newEmail}.`);
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(section(page, 'Email address')).toContainText(`You sign in with ${newEmail}: verified`);

  await logout(page, 'Ravi Nair');
  await openLogin(page);
  await login(page, email, PASSWORD);
  await expect(loginColumn(page).getByRole('alert')).toHaveText('Invalid credentials provided.');
  await login(page, newEmail, PASSWORD);
  await expect(accountButton(page, 'Ravi Nair')).toBeVisible();
});

test('renaming shows the new name in the header at once', async ({ page }) => {
  await registerNew(page, 'Old Name', 'rename');
  await openAccount(page, 'Old Name');
  const profile = section(page, 'Profile');
  // The server checks what the browser cannot: a name of spaces, a number too short.
  await profile.getByLabel('Display name').fill('   ');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('alert')).toHaveText('Enter your name.');
  await profile.getByLabel('Display name').fill('Nisha Menon');
  await profile.getByLabel('Mobile number').fill('12-34');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('alert')).toHaveText(/7 to 15 digits/);
  await profile.getByLabel('Mobile number').fill('+91 99887-76655');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('status')).toHaveText('Your profile is saved.');
  await expect(accountButton(page, 'Nisha Menon')).toBeVisible();
  await page.reload();
  await waitForApp(page);
  await expect(section(page, 'Profile').getByLabel('Mobile number')).toHaveValue('+919988776655');
  await expect(accountButton(page, 'Nisha Menon')).toBeVisible();
});

test('changing the password signs out the other device', async ({ page, browser }) => {
  const email = await registerNew(page, 'Farah Khan', 'password');
  const other = await secondDevice(browser, email);
  await expect(accountButton(other, 'Farah Khan')).toBeVisible();

  await openAccount(page, 'Farah Khan');
  const password = section(page, 'Password');
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toHaveText('That is not your current password.');
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toHaveText('Your password is changed. Every other session is signed out.');
  await expect(section(page, 'Where you are signed in').getByRole('listitem')).toHaveCount(1);

  await other.reload();
  await waitForApp(other);
  await expect(other.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await openLogin(other);
  await login(other, email, NEW_PASSWORD);
  await expect(accountButton(other, 'Farah Khan')).toBeVisible();
  await other.context().close();
});

test('a session ended from the list is signed out on its device', async ({ page, browser }) => {
  const email = await registerNew(page, 'Dev Patel', 'sessions');
  const other = await secondDevice(browser, email);
  await openAccount(page, 'Dev Patel');
  const sessions = section(page, 'Where you are signed in');
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem').first()).toContainText('Chrome on Linux');
  await expect(sessions.getByRole('listitem').first()).toContainText('This device');

  await sessions.getByRole('button', { name: /^Sign out Chrome on Linux$/ }).click();
  await expect(sessions.getByRole('status')).toHaveText('Chrome on Linux is signed out.');
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: 'Sign out of all other sessions' })).toBeHidden();

  await other.reload();
  await waitForApp(other);
  await expect(other.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await other.context().close();
  // This device is still signed in.
  await page.reload();
  await waitForApp(page);
  await expect(accountButton(page, 'Dev Patel')).toBeVisible();
});

test('Download my data saves the profile, sessions and sign-in methods', async ({ page }) => {
  const email = await registerNew(page, 'Leela Das', 'data');
  await openAccount(page, 'Leela Das');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section(page, 'Your data').getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('college-account-data.json');
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.profile).toMatchObject({ displayName: 'Leela Das', email });
  expect(data.signInMethods).toEqual({ password: true, google: false });
  expect(data.sessions).toHaveLength(1);
  expect(JSON.stringify(data)).not.toMatch(/argon2|token/i);
});

test('a deleted account cannot sign in, and its email can register again', async ({ page }) => {
  const email = await registerNew(page, 'Omar Shaikh', 'delete');
  await openAccount(page, 'Omar Shaikh');
  const danger = section(page, 'Delete your account');
  await danger.getByRole('button', { name: 'Delete my account…' }).click();
  await expect(danger.getByLabel('Current password')).toBeFocused();
  await danger.getByLabel('Current password').fill('wrong-password-1');
  await danger.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(danger.getByRole('alert')).toHaveText('That is not your current password.');
  await danger.getByLabel('Current password').fill(PASSWORD);
  await danger.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByText('Your account is deleted.')).toBeFocused();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await openLogin(page);
  await login(page, email, PASSWORD);
  await expect(loginColumn(page).getByRole('alert')).toHaveText('Invalid credentials provided.');
  await register(page, 'Omar Again', email);
  await expect(accountButton(page, 'Omar Again')).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`/account has no accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await registerNew(page, 'Axe Tester', `axe-${scheme}`);
    await openAccount(page, 'Axe Tester');
    await section(page, 'Delete your account').getByRole('button', { name: 'Delete my account…' }).click();
    await expectNoA11yViolations(page, `/account (${scheme})`);
  });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('/account signed out leads to /login', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL('/login?returnTo=%2Faccount');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login or register');
  });

  test('/account signed in says that managing the account needs JavaScript', async ({ page, baseURL }) => {
    // Signed in through the API, as the page's scripts would (the browser keeps the cookie).
    const registered = await page.request.post('/api/auth/register', {
      headers: { origin: new URL(baseURL ?? '').origin },
      data: { displayName: 'Meera Iyer', email: uniqueEmail('no-script'), password: PASSWORD, mobile: '+91 98765 43210' },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/account');
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
    await expect(page.getByText('Managing your account needs JavaScript.')).toBeVisible();
  });
});
