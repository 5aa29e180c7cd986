// A teacher and their students, for the teacher's pages' tests: the teacher registers and is
// given the role by the operator's command; students are other browsers, using the API as
// the pages do.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { registerNew } from './account-helpers';
import { PASSWORD, uniqueEmail } from './auth-helpers';
import { expect, waitForApp } from './fixtures';
import { grantRole } from './roles-helpers';

/** Registers an account, has the operator give it the teacher role, and opens /teach. */
export async function newTeacher(page: Page, name: string): Promise<string> {
  const email = await registerNew(page, name, 'teacher');
  await grantRole(page, email, 'teacher');
  await page.goto('/teach');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Classes you teach' })).toBeVisible();
  return email;
}

/** Creates a class from /teach; the page then shows it. Returns its join code. */
export async function createClass(page: Page, name: string): Promise<string> {
  await page.getByLabel('Name of the class').fill(name);
  await page.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/teach\/[^/]+$/);
  const link = await joinLink(page).textContent();
  const code = /\/join\/([A-Z0-9]{8})$/.exec(link ?? '')?.[1];
  if (!code) throw new Error(`no join link on the page: ${link}`);
  return code;
}

export const joinLink = (page: Page) =>
  page.getByRole('region', { name: 'Let students in' }).getByRole('link', { name: /\/join\// });
export const progressTable = (page: Page) => page.getByRole('table', { name: /^Progress of/ });
export const studentRow = (page: Page, name: string) =>
  progressTable(page).locator('tbody').getByRole('row').filter({ hasText: name });

export interface Student {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly email: string;
  readonly uid: string;
}

/** A student in a browser of their own: registered through the API, as the login page does. */
export async function newStudent(browser: Browser, baseURL: string, name: string): Promise<Student> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = uniqueEmail('student');
  const answer = await page.request.post('/api/auth/register', {
    data: { displayName: name, email, password: PASSWORD, mobile: '+91 98765 43210' },
    headers: { origin: baseURL },
  });
  expect(answer.status()).toBe(201);
  const { user } = (await answer.json()) as { user: { uid: string } };
  return { context, page, email, uid: user.uid };
}

/** Joins with `code` through the API, as the join page does; answers the status. */
export async function join(student: Student, baseURL: string, code: string): Promise<number> {
  const answer = await student.page.request.post('/api/classes/join', { data: { code }, headers: { origin: baseURL } });
  return answer.status();
}

interface ProgressWrite {
  readonly lessons?: ReadonlyArray<{ lesson: string; done: boolean; changedAt: number }>;
  readonly passes?: ReadonlyArray<{ challenge: string; passedAt: number; files: Record<string, string> }>;
}

/** Writes marks and passes to the student's account, as the tutorial's sync does. */
export async function saveProgress(student: Student, baseURL: string, write: ProgressWrite) {
  const answer = await student.page.request.post('/api/progress', {
    data: { account: student.uid, merge: false, lessons: write.lessons ?? [], passes: write.passes ?? [], files: [] },
    headers: { origin: baseURL },
  });
  expect(answer.status()).toBe(200);
}

/** Marks `lesson` done in the student's account. */
export const markDone = (student: Student, baseURL: string, lesson: string) =>
  saveProgress(student, baseURL, { lessons: [{ lesson, done: true, changedAt: Date.now() }] });
