// A student's side of classes: a join link, what it says before anything is shared, joining,
// and leaving from the account page. The teacher acts through the API in a browser context of
// their own (the teacher's pages are tested in their own spec).
import type { Browser, Page } from '@playwright/test';
import { login, logout, openLogin, PASSWORD, register, uniqueEmail } from './auth-helpers';
import { registerNew, section } from './account-helpers';
import { expect, expectNoA11yViolations, staticOnly, test, waitForApp } from './fixtures';
import { grantRole } from './roles-helpers';

test.skip(staticOnly, 'needs the real server');

// The refusals the page shows (an unknown code, a closed class); Chromium still logs the status.
test.use({ allowedConsoleErrors: [/the server responded with a status of (404|409)/] });

// The promise the join page and the account page make, word for word.
const SEES =
  'your name and email, the lessons you mark done and when, the challenges you pass with the code that passed, and when you were last active.';
const DOES_NOT_SEE = 'your edits in progress, other versions of your code, your sessions, your password.';

interface ClassBody {
  readonly id: string;
  readonly name: string;
  readonly code: string;
}

interface StudentRow {
  readonly name: string | null;
  readonly email: string;
}

/** A teacher signed in in a browser of their own, acting through the teacher's API. */
class Teacher {
  constructor(
    readonly page: Page,
    readonly name: string,
    readonly email: string,
  ) {}

  static async register(browser: Browser, name: string): Promise<Teacher> {
    const page = await (await browser.newContext()).newPage();
    const email = await registerNew(page, name, 'teacher');
    await grantRole(page, email, 'teacher');
    return new Teacher(page, name, email);
  }

  private get origin() {
    return { origin: new URL(this.page.url()).origin };
  }

  async createClass(name: string): Promise<ClassBody> {
    const response = await this.page.request.post('/api/teach/classes', { headers: this.origin, data: { name } });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { class: ClassBody }).class;
  }

  async setJoining(id: string, joining: boolean) {
    const response = await this.page.request.patch(`/api/teach/classes/${id}`, { headers: this.origin, data: { joining } });
    expect(response.status()).toBe(200);
  }

  /** The class table's rows, as the teacher's page reads them. */
  async students(id: string): Promise<StudentRow[]> {
    const response = await this.page.request.get(`/api/teach/classes/${id}/table`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { students: StudentRow[] }).students;
  }

  async close() {
    await this.page.context().close();
  }
}

/** The classes the signed-in student is in, as the server has them. */
async function classesJoined(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/classes');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { classes: { name: string }[] }).classes.map(({ name }) => name);
}

async function expectNoViolationsLightAndDark(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoA11yViolations(page, `${label} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

function joinForm(page: Page) {
  return page.getByRole('region', { name: 'BCA 2, division A' });
}

test('a student opens a join link signed out, registers, reads what the teacher will see, and joins', async ({ page, browser }) => {
  // Two accounts (each a password hash) and four accessibility scans: slow on a busy machine.
  test.slow();
  const teacher = await Teacher.register(browser, 'Meena Kulkarni');
  const joining = await teacher.createClass('BCA 2, division A');

  // Signed out, the link leads to sign in or register, and back to the link.
  await page.goto(`/join/${joining.code}`);
  await expect(page).toHaveURL(`/login?returnTo=%2Fjoin%2F${joining.code}`);
  await openLogin(page, page.url());
  await register(page, 'Arjun Mehta', uniqueEmail('student'));
  await expect(page).toHaveURL(`/join/${joining.code}`);

  const card = joinForm(page);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('BCA 2, division A');
  await expect(card).toContainText('Teacher: Meena Kulkarni');
  await expect(card).toContainText(`Meena Kulkarni will see ${SEES}`);
  await expect(card).toContainText(`Meena Kulkarni will not see ${DOES_NOT_SEE}`);
  await expect(page).toHaveTitle(/^Join a class/);
  await expectNoViolationsLightAndDark(page, 'the join page before joining');

  // Not now: back to the tutorial, and nothing is shared.
  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL('/react');
  expect(await classesJoined(page)).toEqual([]);
  expect(await teacher.students(joining.id)).toEqual([]);

  await page.goto(`/join/${joining.code}`);
  await waitForApp(page);
  await joinForm(page).getByRole('button', { name: 'Join' }).click();
  const joined = page.getByRole('heading', { name: 'You joined BCA 2, division A' });
  await expect(joined).toBeFocused();
  await expect(page.getByRole('link', { name: 'Go to the tutorial' })).toHaveAttribute('href', '/react');
  await expectNoViolationsLightAndDark(page, 'the join page after joining');
  expect((await teacher.students(joining.id)).map(({ name }) => name)).toEqual(['Arjun Mehta']);

  // The link again says so, rather than asking twice.
  await page.reload();
  await waitForApp(page);
  await expect(joinForm(page)).toContainText('You are already in this class.');
  await expect(joinForm(page).getByRole('button', { name: 'Join' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Your classes on your account page' }).click();
  await expect(page).toHaveURL('/account#classes');
  await expect(section(page, 'Your classes').getByRole('listitem')).toContainText('BCA 2, division A');
  await teacher.close();
});

test('the account page lists the classes joined, and Leave takes the student out of the teacher\'s table', async ({ page, browser }) => {
  const teacher = await Teacher.register(browser, 'Meena Kulkarni');
  const joining = await teacher.createClass('BCA 2, division A');
  await registerNew(page, 'Arjun Mehta', 'student');
  await page.goto(`/join/${joining.code}`);
  await waitForApp(page);
  await joinForm(page).getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { name: 'You joined BCA 2, division A' })).toBeFocused();

  await page.getByRole('link', { name: 'Your classes on your account page' }).click();
  await expect(page).toHaveURL('/account#classes');
  const classes = section(page, 'Your classes');
  await expect(classes.getByRole('listitem')).toHaveCount(1);
  await expect(classes.getByRole('listitem')).toContainText('BCA 2, division A');
  await expect(classes.getByRole('listitem')).toContainText('Teacher: Meena Kulkarni · joined');
  await expect(classes).toContainText(`Your teachers see ${SEES}`);
  await expect(classes).toContainText(`They do not see ${DOES_NOT_SEE}`);
  await expectNoViolationsLightAndDark(page, 'the account page with a class');

  // Leaving is asked for once, then confirmed; Cancel changes nothing.
  await classes.getByRole('button', { name: 'Leave BCA 2, division A' }).click();
  await expect(classes).toContainText('Leave BCA 2, division A? Your teacher will no longer see your progress.');
  await expect(classes.getByRole('button', { name: 'Leave the class' })).toBeFocused();
  await classes.getByRole('button', { name: 'Cancel' }).click();
  await expect(classes.getByRole('button', { name: 'Leave BCA 2, division A' })).toBeFocused();
  await classes.getByRole('button', { name: 'Leave BCA 2, division A' }).click();
  await classes.getByRole('button', { name: 'Leave the class' }).click();
  await expect(classes.getByRole('status')).toHaveText('You left BCA 2, division A. Your teacher no longer sees your progress.');
  await expect(classes.getByRole('listitem')).toHaveCount(0);
  await expect(classes).toContainText('You are not in any class. A teacher gives you a join link.');
  await expect(classes.getByRole('heading', { name: 'Your classes' })).toBeFocused();
  expect(await teacher.students(joining.id)).toEqual([]);
  expect(await classesJoined(page)).toEqual([]);
  await teacher.close();
});

test('signing in from the login page also comes back to the join link', async ({ page, browser }) => {
  const teacher = await Teacher.register(browser, 'Farah Sheikh');
  const joining = await teacher.createClass('BCA 2, division A');
  const email = await registerNew(page, 'Ishaan Gupta', 'student');
  await logout(page, 'Ishaan Gupta');

  await page.goto(`/join/${joining.code}`);
  await expect(page).toHaveURL(`/login?returnTo=%2Fjoin%2F${joining.code}`);
  await openLogin(page, page.url());
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(`/join/${joining.code}`);
  await expect(joinForm(page)).toContainText('Teacher: Farah Sheikh');
  await expect(joinForm(page).getByRole('button', { name: 'Join' })).toBeVisible();
  await teacher.close();
});

test('a link that opens no class, a class not taking students and a teacher\'s own link say so', async ({ page, browser }) => {
  const teacher = await Teacher.register(browser, 'Vikram Joshi');
  const joining = await teacher.createClass('BCA 2, division A');
  await registerNew(page, 'Neha Pillai', 'student');

  // A well-formed code that opens no class (one chance in 31^8 that a class has it).
  await page.goto('/join/ABCDEFGH');
  await waitForApp(page);
  await expect(page.getByRole('alert')).toHaveText(
    'This join link does not work. Check it with your teacher: they may have made a new one.',
  );
  await expect(page.getByRole('link', { name: 'Enter a class code' })).toBeVisible();

  await teacher.setJoining(joining.id, false);
  await page.goto(`/join/${joining.code}`);
  await waitForApp(page);
  await expect(page.getByRole('alert')).toHaveText('This class is not taking new students. Ask your teacher.');
  await expect(page.getByRole('button', { name: 'Join' })).toHaveCount(0);
  expect(await classesJoined(page)).toEqual([]);

  // The teacher opening their own link is told they teach it.
  await teacher.setJoining(joining.id, true);
  await teacher.page.goto(`/join/${joining.code}`);
  await waitForApp(teacher.page);
  await expect(joinForm(teacher.page)).toContainText('You teach this class, so you do not join it as a student.');
  await expect(joinForm(teacher.page).getByRole('button', { name: 'Join' })).toHaveCount(0);
  await teacher.close();
});

test('/join asks for the code: empty or malformed codes are refused, one typed in lower case with a dash works', async ({ page, browser }) => {
  // Two accounts (each a password hash) and four accessibility scans: slow on a busy machine.
  test.slow();
  const teacher = await Teacher.register(browser, 'Sunita Rao');
  const joining = await teacher.createClass('BCA 2, division A');
  await registerNew(page, 'Rahul Desai', 'student');

  await page.goto('/join');
  await waitForApp(page);
  const code = page.getByLabel('Enter the class code');
  await expectNoViolationsLightAndDark(page, '/join');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the class code your teacher gave you.');
  await expect(code).toBeFocused();

  await code.fill('k7mx-q3p0');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('This is not a class code.');
  await expect(page).toHaveURL('/join');
  await expectNoViolationsLightAndDark(page, '/join with a problem');

  const typed = `${joining.code.slice(0, 4)}-${joining.code.slice(4)}`.toLowerCase();
  await code.fill(typed);
  await code.press('Enter');
  await expect(page).toHaveURL(`/join/${joining.code}`);
  await expect(joinForm(page)).toContainText('Teacher: Sunita Rao');

  // A link typed by hand the same way opens the class too, and the address shows the code as the teacher wrote it.
  await page.goto(`/join/${typed}`);
  await waitForApp(page);
  await expect(joinForm(page)).toContainText('Teacher: Sunita Rao');
  await expect(page).toHaveURL(`/join/${joining.code}`);
  await teacher.close();
});
