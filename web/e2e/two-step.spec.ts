// Two-step sign-in in a real browser: a teacher is sent to set it up, scans the key (the test
// computes codes from the key the page shows), saves the recovery codes, then signs in with a
// code, with a recovery code, and a used code is refused; Google sign-in asks for the code too;
// an admin resets a colleague's lost factor. Axe checks both pages, light and dark, at 390 px.
import { registerNew } from './account-helpers';
import { accountButton, login, loginColumn, logout, openLogin, PASSWORD } from './auth-helpers';
import { expect, expectNoA11yViolations, test, waitForApp } from './fixtures';
import { changeRole } from './roles-helpers';
import { newStaff, openStaff } from './staff-helpers';
import { answerSecondStep, authenticatorOf, recoveryCode, setUpInPage } from './two-step-helpers';

// Wrong codes are refused with 400, and a staff page refuses the account until it has a factor.
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (400|403|404|422|429)/] });


test('a teacher is told to set up two-step sign-in, then signs in with a code and a recovery code, each once', async ({ page }) => {
  test.slow();
  const email = await registerNew(page, 'Tara Teacher', 'two-step');
  await changeRole('grant', email, 'teacher');

  // The grant ended the session her password alone opened: she signs in again, and the
  // teacher's pages send her to set it up first, and back after.
  await page.goto('/teach');
  await expect(page).toHaveURL('/login?returnTo=%2Fteach');
  await waitForApp(page);
  await expect(loginColumn(page).getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL('/account/two-step?returnTo=%2Fteach');
  await waitForApp(page);
  await expect(page.getByText('Your account holds a staff role')).toBeVisible();
  const app = await setUpInPage(page, email);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page).toHaveURL('/teach');
  await expect(page.getByRole('heading', { level: 1, name: 'Classes you teach' })).toBeVisible();

  // The password is not enough any more: the code is asked for on a page of its own.
  await logout(page, 'Tara Teacher');
  await openLogin(page);
  await login(page, email, PASSWORD, true);
  const used = await answerSecondStep(page, email, 1);
  await expect(accountButton(page, 'Tara Teacher')).toBeVisible();
  await expect(page).toHaveURL('/');

  // Without the phone: a recovery code, which then works no more.
  const recovery = app.recoveryCodes[0]!;
  for (const round of ['first', 'again']) {
    await logout(page, 'Tara Teacher');
    await openLogin(page);
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/login\/second-factor/);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    const field = page.getByRole('textbox', { name: 'Recovery code' });
    await expect(field).toBeFocused();
    await field.fill(recovery.toUpperCase());
    await page.getByRole('button', { name: 'Sign in' }).click();
    if (round === 'first') {
      await expect(accountButton(page, 'Tara Teacher')).toBeVisible();
    } else {
      await expect(page.getByRole('alert')).toHaveText(/That code is not right/);
      await expect(accountButton(page, 'Tara Teacher')).toHaveCount(0);
    }
  }
  // The app's code that signed in before is refused too (a code works once); another recovery code signs in.
  await page.getByRole('button', { name: 'Use the code from your app instead' }).click();
  await page.getByLabel('Code from your authenticator app').fill(used);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/That code is not right/);
  await page.getByLabel('Code from your authenticator app').fill(app.recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(accountButton(page, 'Tara Teacher')).toBeVisible();
});

test('Google sign-in asks for the code of an account with two-step sign-in', async ({ page }) => {
  const email = await registerNew(page, 'Gita Google', 'two-step-google');
  await page.goto('/account/two-step');
  await waitForApp(page);
  await setUpInPage(page, email);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await logout(page, 'Gita Google');

  await openLogin(page, '/login?returnTo=%2Fcontact');
  const popupPromise = page.waitForEvent('popup');
  await loginColumn(page).getByRole('button', { name: 'Login with Google' }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Name').fill('Gita Google');
  await popup.getByLabel('Email', { exact: true }).fill(email);
  await popup.getByLabel('Email verified').check();
  await popup.getByRole('button', { name: 'Sign in with this account' }).click();
  await expect.poll(() => popup.isClosed()).toBe(true);
  // Google is done; no session until the code.
  await answerSecondStep(page, email, 1);
  await expect(page).toHaveURL('/contact');
  await expect(accountButton(page, 'Gita Google')).toBeVisible();
});

test('an administrator resets the two-step sign-in of a colleague who lost their phone', async ({ page, browser }) => {
  test.slow();
  const colleague = await (await browser.newContext()).newPage();
  const colleagueEmail = await newStaff(colleague, 'Lost Phone', 'office');
  expect(authenticatorOf(colleagueEmail).recoveryCodes).toHaveLength(10);
  const adminEmail = await newStaff(page, 'Reset Admin', 'admin');
  await openStaff(page, '/staff/people');
  const box = page.getByRole('searchbox', { name: 'Search by email or name' });
  await box.fill(colleagueEmail);
  await page.getByRole('table').getByRole('link', { name: colleagueEmail }).click();
  await expect(page.getByText('Two-step sign-in', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('On');

  await page.getByRole('button', { name: 'Reset two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByLabel('Code from your authenticator app').fill(recoveryCode(adminEmail));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'two-step sign-in is off' })).toBeVisible();

  // The colleague is signed out, and sets it up again at the next sign-in.
  await colleague.goto('/staff');
  await expect(colleague).toHaveURL('/login?returnTo=%2Fstaff');
  await waitForApp(colleague);
  await expect(loginColumn(colleague).getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await login(colleague, colleagueEmail, PASSWORD);
  await expect(colleague).toHaveURL('/account/two-step?returnTo=%2Fstaff');
});

test('the two-step pages have no accessibility violations, light and dark, at 390 px', async ({ page }) => {
  const email = await registerNew(page, 'Axe Two Step', 'two-step-axe');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/account/two-step');
    await waitForApp(page);
    await expect(page.getByRole('button', { name: 'Set up two-step sign-in' })).toBeVisible();
    await expectNoA11yViolations(page, `/account/two-step (${scheme})`);
  }
  await setUpInPage(page, email);
  await expectNoA11yViolations(page, 'recovery codes');
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await page.goto('/account/two-step');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'New recovery codes' })).toBeVisible();
  await expectNoA11yViolations(page, 'two-step sign-in on');
  await page.setViewportSize({ width: 1280, height: 720 });
  await logout(page, 'Axe Two Step');
  await page.setViewportSize({ width: 390, height: 844 });
  await openLogin(page);
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/login\/second-factor/);
  await waitForApp(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoA11yViolations(page, `/login/second-factor with an error (${scheme})`);
  }
});
