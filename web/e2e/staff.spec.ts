// The office's pages (/staff): the inbox, a message's states, people and roles (with the password
// asked again), disabling an account, the audit log and mail health. The first administrator is
// made by the operator's command, as on a real server.
import type { Page } from '@playwright/test';
import { registerNew } from './account-helpers';
import { accountButton, login, loginColumn, openLogin, PASSWORD } from './auth-helpers';
import { expect, expectNoA11yViolations, staticOnly, test, waitForApp } from './fixtures';
import { startSite, stopSite } from './own-site';
import { changeRole } from './roles-helpers';
import { recoveryCode, setUpInPage } from './two-step-helpers';
import {
  expectStaffPagesAccessible,
  messageRow,
  newStaff,
  openStaff,
  REFUSED,
  searchInbox,
  sendContact,
  staffFromMenu,
  staffNav,
  token,
} from './staff-helpers';

test.skip(staticOnly, 'the staff area is kept by the real server');
test.use({ allowedConsoleErrors: [REFUSED] });

const passwordDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm it is you' });

/** An administrator opens a person's page from People, by searching their email. */
async function openPerson(page: Page, email: string) {
  await staffNav(page).getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search by email or name' });
  await box.fill(email);
  // Typing searches by itself after a pause.
  await expect(page).toHaveURL(`/staff/people?q=${encodeURIComponent(email)}`);
  await expect(page.getByText('1 account', { exact: true })).toBeVisible();
  await page.getByRole('table').getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Answers the password dialog: a wrong password first (the dialog says so), then the right one. */
async function confirmPassword(page: Page) {
  const dialog = passwordDialog(page);
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('Your password');
  await expect(field).toBeFocused();
  await field.fill('not-the-password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(PASSWORD);
  // Staff sign in in two steps, so the check asks for a code too.
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { email: string } };
  await dialog.getByLabel('Code from your authenticator app').fill(recoveryCode(session.user.email));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

test('an administrator grants the office role in People, after giving the password again', async ({ page, browser }) => {
  test.slow();
  const officeContext = await browser.newContext();
  const office = await officeContext.newPage();
  const officeEmail = await registerNew(office, 'Meera Office', 'office');
  // Without the role, the staff area is closed to her.
  await office.goto('/staff');
  await waitForApp(office);
  await expect(office.getByText('This page is for the college office.')).toBeVisible();

  const adminEmail = await newStaff(page, 'Ravi Admin', 'admin');
  await staffFromMenu(page, 'Ravi Admin');
  await openPerson(page, officeEmail);
  await expect(page.getByRole('heading', { level: 1, name: 'Meera Office' })).toBeVisible();
  await expect(page.getByText('Office: does not have this role')).toBeVisible();

  // Esc closes the password dialog, nothing changes, and the focus is back on the button.
  const grant = page.getByRole('button', { name: 'Grant office' });
  await grant.click();
  await expect(passwordDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(passwordDialog(page)).toBeHidden();
  await expect(grant).toBeFocused();
  await expect(page.getByText('Office: does not have this role')).toBeVisible();

  await grant.click();
  await confirmPassword(page);
  await expect(page.getByRole('status').filter({ hasText: 'Meera Office is now office.' })).toBeVisible();
  await expect(page.getByText('Office: has this role')).toBeVisible();
  // Confirmed for ten minutes: the next change asks no more.
  await page.getByRole('button', { name: 'Grant teacher' }).click();
  await expect(page.getByText('Teacher: has this role')).toBeVisible();
  await expect(passwordDialog(page)).toHaveCount(0);

  await expect(page.getByRole('status').filter({ hasText: 'until they set it up on their account page' })).toBeVisible();
  // A member of the grievance committee can be marked as its chairperson, and unmarked.
  await expect(page.getByRole('button', { name: 'Make chairperson' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Grant grievance committee member' }).click();
  await page.getByRole('button', { name: 'Make chairperson' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Meera Office chairs the grievance committee.' })).toBeVisible();
  await expect(page.getByText('Chairperson of the committee.')).toBeVisible();
  await page.getByRole('button', { name: 'No longer the chairperson' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'no longer chairs' })).toBeVisible();
  await page.getByRole('button', { name: 'Revoke grievance committee member' }).click();
  await expect(page.getByText('Grievance committee member: does not have this role')).toBeVisible();

  // The grant ended the office member's session (the password alone opened it): signed in
  // again, she is sent to set up two-step sign-in first, then has the staff area, and no
  // administrator's pages.
  await office.reload();
  await expect(office).toHaveURL('/login?returnTo=%2Fstaff');
  await waitForApp(office);
  await expect(loginColumn(office).getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await login(office, officeEmail, PASSWORD);
  await expect(office).toHaveURL('/account/two-step?returnTo=%2Fstaff');
  await waitForApp(office);
  await expect(office.getByText('Your account holds a staff role')).toBeVisible();
  await setUpInPage(office, officeEmail);
  await office.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(office).toHaveURL('/staff');
  await expect(staffNav(office).getByRole('link', { name: /^Inbox/ })).toBeVisible();
  await expect(staffNav(office).getByRole('link', { name: 'People' })).toHaveCount(0);
  await office.goto('/staff/people');
  await waitForApp(office);
  await expect(office.getByText('Only an administrator can do this.')).toBeVisible();

  // The audit log has it, with who did it, filtered by person and action.
  await staffNav(page).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Person (email)').fill(adminEmail);
  await page.getByLabel('Action').selectOption('role-granted');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/staff\/audit\?actor=.+&action=role-granted/);
  const entry = page.getByRole('row').filter({ hasText: `office for ${officeEmail}` });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('cell', { name: 'Role granted' })).toBeVisible();
  await expect(entry.getByRole('cell', { name: new RegExp(adminEmail.replace(/[.+]/g, '\\$&')) })).toBeVisible();
  await officeContext.close();
});

test('the office finds a message sent through the contact form, marks it answered and archives it', async ({ page, browser }) => {
  test.slow();
  const mark = token();
  const subject = `Hostel fees ${mark}`;
  const visitor = await browser.newPage();
  await sendContact(visitor, {
    name: 'Asha Verma',
    email: 'asha.verma@example.com',
    subject,
    message: `Hello,\nWhat are the hostel fees?\n<b>Not bold</b> ${mark}`,
  });
  await visitor.close();

  await newStaff(page, 'Lata Office', 'office');
  // Once the staff area has read the count, the header's menu shows it.
  await accountButton(page, 'Lata Office').click();
  await expect(page.getByRole('link', { name: /^Staff area \(\d[\d,]* new\)$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(staffNav(page).getByRole('link', { name: /^Inbox \(\d[\d,]* new\)$/ })).toBeVisible();
  // On any other page, freshly loaded, the menu reads the count itself when it opens.
  await page.goto('/about');
  await accountButton(page, 'Lata Office').click();
  await expect(page.getByRole('link', { name: /^Staff area \(\d[\d,]* new\)$/ })).toBeVisible();
  await page.getByRole('link', { name: /^Staff area/ }).click();
  await expect(staffNav(page)).toBeVisible();

  await searchInbox(page, mark);
  const row = messageRow(page, subject);
  await expect(row).toBeVisible();
  await expect(page.getByText('1 message', { exact: true })).toBeVisible();
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await expect(row.getByText(/^Mail (sent|queued)/)).toBeVisible();
  await expect(row.getByText('Asha Verma')).toBeVisible();

  // Opening it marks it read; its text keeps its lines and is never read as markup.
  await row.getByRole('link', { name: subject }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/messages/\\d+\\?q=${mark}$`));
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('Read', { exact: true })).toBeVisible();
  const text = page.locator('.staff-letter__text');
  await expect(text).toHaveText(`Hello,\nWhat are the hostel fees?\n<b>Not bold</b> ${mark}`);
  await expect(text.locator('b')).toHaveCount(0);
  const reply = new URL((await page.getByRole('link', { name: 'Reply by email' }).getAttribute('href'))!);
  expect(decodeURIComponent(reply.pathname)).toBe('asha.verma@example.com');
  expect(reply.searchParams.get('subject')).toBe(`Re: ${subject}`);
  expect(reply.searchParams.get('body')).toContain('> What are the hostel fees?');

  await page.getByRole('button', { name: 'Mark answered' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked answered.' })).toBeVisible();
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();
  await expect(page.getByText(/since .+, by Lata Office/)).toBeVisible();
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Archived.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move to inbox' })).toBeVisible();

  // Back in the inbox with the same search: archived messages are not among the open ones.
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await expect(page).toHaveURL(`/staff?q=${mark}`);
  await expect(page.getByRole('searchbox', { name: 'Search messages' })).toHaveValue(mark);
  await expect(page.getByText('No messages match.')).toBeVisible();
  await page.getByLabel('Status').selectOption('archived');
  await expect(page).toHaveURL(`/staff?q=${mark}&status=archived`);
  await expect(messageRow(page, subject).getByText('Archived', { exact: true })).toBeVisible();
  // Back and reload keep the list as it was.
  await page.goBack();
  await expect(page.getByText('No messages match.')).toBeVisible();
  await page.goForward();
  await page.reload();
  await waitForApp(page);
  await expect(page.getByLabel('Status')).toHaveValue('archived');
  await expect(messageRow(page, subject)).toBeVisible();
});

test('a disabled account cannot sign in, and its sessions end; enabled again, it can', async ({ page, browser }) => {
  test.slow();
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  const studentEmail = await registerNew(student, 'Kiran Student', 'disabled');

  const adminEmail = await newStaff(page, 'Uma Admin', 'admin');
  await openPerson(page, studentEmail);
  await page.getByRole('button', { name: 'Disable account…' }).click();
  // A confirm step first, which takes the focus; Cancel puts it back.
  const question = page.getByText(/^Disable Kiran Student’s account\?/);
  await expect(question).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Disable account…' })).toBeFocused();
  await page.getByRole('button', { name: 'Disable account…' }).click();
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await confirmPassword(page);
  await expect(page.getByRole('status').filter({ hasText: 'account is disabled' })).toBeVisible();
  await expect(page.getByText(/^Disabled since/)).toBeVisible();

  // The student's open session has ended; signing in again is refused with the office's words.
  await student.reload();
  await waitForApp(student);
  await expect(accountButton(student, 'Kiran Student')).toHaveCount(0);
  await openLogin(student);
  await login(student, studentEmail, PASSWORD);
  await expect(student.getByRole('alert')).toHaveText('This account is disabled. Contact the college office.');

  await page.getByRole('button', { name: 'Enable account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'enabled again' })).toBeVisible();
  await login(student, studentEmail, PASSWORD);
  await expect(accountButton(student, 'Kiran Student')).toBeVisible();

  // An administrator cannot disable their own account: the server says why.
  await openPerson(page, adminEmail);
  await page.getByRole('button', { name: 'Disable account…' }).click();
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You cannot disable your own account.' })).toBeVisible();
  await studentContext.close();
});

test('every staff page refuses a student, and the API with it', async ({ page }) => {
  await registerNew(page, 'Nisha Student', 'not-staff');
  await accountButton(page, 'Nisha Student').click();
  await expect(page.getByRole('link', { name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Staff area/ })).toHaveCount(0);
  for (const path of ['/staff', '/staff?mail=failed', '/staff/messages/1', '/staff/people', '/staff/people/x', '/staff/audit', '/staff/mail']) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByText('This page is for the college office.'), path).toBeVisible();
    await expect(staffNav(page)).toHaveCount(0);
  }
  for (const path of ['/api/staff/summary', '/api/staff/messages', '/api/staff/people', '/api/staff/audit', '/api/staff/mail-health']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(403);
    expect(answer.headers()['cache-control'], path).toContain('no-store');
  }
});

test('the staff pages pass axe in light and dark, and fit a phone', async ({ page, browser }) => {
  // Six pages and a dialog, each checked in both schemes: twelve axe runs and more, which a
  // busy two-core machine takes past the usual allowance for a slow test.
  test.setTimeout(180_000);
  const mark = token();
  const visitor = await browser.newPage();
  await sendContact(visitor, { name: 'Dev Axe', email: 'dev.axe@example.com', subject: `Axe ${mark}`, message: `Line one\nLine two ${mark}` });
  await visitor.close();
  const adminEmail = await newStaff(page, 'Axe Admin', 'admin');

  await searchInbox(page, mark);
  await messageRow(page, `Axe ${mark}`).getByRole('link').click();
  await expect(page.getByRole('button', { name: 'Mark answered' })).toBeVisible();
  const messagePath = new URL(page.url()).pathname;
  await openPerson(page, adminEmail);
  const personPath = new URL(page.url()).pathname;

  const pages: readonly [string, string][] = [
    ['inbox', `/staff?q=${mark}`],
    ['message', messagePath],
    ['people', `/staff/people?q=${encodeURIComponent(adminEmail)}`],
    ['person', personPath],
    ['audit log', '/staff/audit'],
    ['mail health', '/staff/mail'],
  ];
  await expectStaffPagesAccessible(page, pages);

  // The password dialog too (a fresh session has not confirmed yet).
  await openStaff(page, personPath);
  await page.getByRole('button', { name: 'Grant teacher' }).click();
  await expect(passwordDialog(page)).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoA11yViolations(page, `password dialog (${scheme})`);
  }
});

test('mail health shows the figures and sends a test mail to the administrator', async ({ page }) => {
  await newStaff(page, 'Mail Admin', 'admin');
  await staffNav(page).getByRole('link', { name: 'Mail health' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mail health' })).toBeVisible();
  await expect(page.getByText('Waiting to be sent')).toBeVisible();
  await expect(page.getByText('Sent today')).toBeVisible();
  await page.getByRole('button', { name: 'Send a test mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^A test mail was sent to .+@example\.com\.$/ })).toBeVisible();
});

test('an office member is refused the administrator pages, by the page and by the API', async ({ page }) => {
  await newStaff(page, 'Sita Office', 'office');
  await expect(staffNav(page).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  for (const path of ['/staff/people', '/staff/audit', '/staff/mail']) {
    await openStaff(page, path);
    await expect(page.getByText('Only an administrator can do this.'), path).toBeVisible();
  }
  const answer = await page.request.get('/api/staff/people');
  expect(answer.status()).toBe(403);
  expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('not-admin');
  // And the role can go: the operator's command revokes it.
  await changeRole('revoke', (await page.request.get('/api/auth/session').then((r) => r.json()) as { user: { email: string } }).user.email, 'office');
  await page.reload();
  await waitForApp(page);
  await expect(page.getByText('This page is for the college office.')).toBeVisible();
});

test('the only administrator cannot give up the role: the server says why', async ({ browser }) => {
  // A site of its own, where this account is the one administrator there is.
  const site = await startSite();
  const context = await browser.newContext({ baseURL: site.url });
  try {
    const page = await context.newPage();
    const email = await newStaff(page, 'Solo Admin', 'admin', site.database);
    await openPerson(page, email);
    await page.getByRole('button', { name: 'Revoke administrator' }).click();
    await confirmPassword(page);
    await expect(page.getByRole('alert').filter({ hasText: 'You are the only administrator: make someone else an administrator first.' })).toBeVisible();
    await expect(page.getByText('Administrator: has this role')).toBeVisible();
  } finally {
    await context.close();
    await stopSite(site);
  }
});
