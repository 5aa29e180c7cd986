// A signed-in student at a challenge's editor, and what the account holds of their passes:
// shared by the attempts to pass a challenge without solving it (check-forgery.spec.ts).
import type { Page } from '@playwright/test';
import { accountButton, openLogin, register, uniqueEmail } from './auth-helpers';
import { expect } from './fixtures';
import { editorParts } from './playground-helpers';
import { waitForLesson } from './tutorial-helpers';

/** A challenge as a student meets it: its lesson, its title, its id and the file the editor opens with. */
export interface ChallengeUnderTest {
  readonly lesson: string;
  readonly title: string;
  readonly id: string;
  readonly file: string;
  /** Text its result shows, from the starter as from a solution, once the code runs. */
  readonly shows: string;
}

/** The challenges this account has passed, as the server keeps them. */
export async function passesInAccount(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/progress');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { passes: Record<string, unknown> };
  return Object.keys(body.passes);
}

/** Every pass the page sends to the account, as it sends it. */
export function watchPassWrites(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/progress') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { passes?: Array<{ challenge: string }> };
    for (const pass of body.passes ?? []) sent.push(pass.challenge);
  });
  return sent;
}

/** Registers a new student on the challenge's lesson and opens its editor; returns the challenge's region and editor. */
export async function signInAtChallenge(page: Page, { lesson, title, file, shows }: ChallengeUnderTest) {
  await openLogin(page, `/login?returnTo=${encodeURIComponent(lesson)}`);
  await register(page, 'Kiran Forger', uniqueEmail('forgery'));
  await expect(page).toHaveURL(lesson);
  await waitForLesson(page);
  await expect(accountButton(page, 'Kiran Forger')).toBeVisible();
  const name = `Challenge: ${title}`;
  const challenge = page.getByRole('region', { name: new RegExp(`^${name}( \\(passed\\))?$`) });
  await challenge.getByRole('button', { name: `Solve it in the editor: ${name}` }).click();
  const parts = editorParts(page, name, file);
  await expect(parts.result.getByText(shows)).toBeVisible();
  return { challenge, ...parts };
}

/** Checks `solution` in the editor: it passes, the page says so, and the account records the pass. */
export async function expectTheSolutionRecorded(
  page: Page,
  { challenge, editor, result }: Awaited<ReturnType<typeof signInAtChallenge>>,
  { title, id, shows }: ChallengeUnderTest,
  solution: string,
  checks: number,
) {
  const recorded = page.waitForRequest(
    (request) => request.url().endsWith('/api/progress') && request.method() === 'POST' && /"passes":\[\{/.test(request.postData() ?? ''),
  );
  await editor.fill(solution);
  await expect(result.getByText(shows)).toBeVisible();
  await challenge.getByRole('button', { name: 'Check' }).click();
  await expect(challenge.getByText(`All ${checks} checks pass. Well done!`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `Challenge: ${title} (passed)` })).toBeVisible();
  expect((await (await recorded).response())?.status()).toBe(200);
  expect(await passesInAccount(page)).toEqual([id]);
}
