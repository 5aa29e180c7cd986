import { accountButton, openLogin, register, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, staticOnly, test } from './fixtures';
import { editorParts, openEditor, replaceInEditor, watchForeignRequests } from './playground-helpers';
import { PLACEHOLDER_SERVICE, routeServiceTo, startStandIn, TUTORIAL_PAGES, waitForLesson, type StandIn } from './tutorial-helpers';

// The tutorial's editor: every demo can be edited and run in a sandboxed
// frame (served by our server at /sandbox), offline, with checks for the
// challenges. Every test here also proves that nothing leaves the site's
// origin and (through the fixture) that no CSP is violated.

let foreign: string[] = [];
test.beforeEach(({ page, baseURL }) => {
  // The custom-hook lesson's own demo reads the placeholder service, as it always has; nothing else may leave.
  foreign = watchForeignRequests(page, new URL(baseURL!).origin, [PLACEHOLDER_SERVICE]);
});
test.afterEach(() => {
  expect(foreign, 'requests that left the site').toEqual([]);
});

const LIKE = ['/react', 'Like button', 'like-button.tsx'] as const;

test.describe('editing a demo', () => {
  test.skip(staticOnly, 'the sandbox document is served by the real server');

  test('an edited label shows in the result, which still works', async ({ page }) => {
    const { editor, result, showResult } = await openEditor(page, ...LIKE);
    await expect(editor).toBeFocused();
    const button = result.getByRole('button', { name: 'Like' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');

    await replaceInEditor(page, editor, '</span> Like', '</span> Love it');
    const edited = result.getByRole('button', { name: 'Love it' });
    await expect(edited).toBeVisible();
    await showResult();
    await edited.click();
    await expect(edited).toHaveAttribute('aria-pressed', 'true');
    await expect(edited).toContainText('♥');
  });

  test('console.log shows under the result', async ({ page }) => {
    const { editor } = await openEditor(page, ...LIKE);
    await replaceInEditor(page, editor, '  return (', "  console.log('liked is', liked, { lesson: 1 });\n  return (");
    await expect(page.getByRole('region', { name: 'Console: Like button' })).toContainText('liked is false { lesson: 1 }');
  });

  test('a timer started at the top of a module stops once that code is gone', async ({ page }) => {
    const { editor, result } = await openEditor(page, ...LIKE);
    const consoleRegion = page.getByRole('region', { name: 'Console: Like button' });
    await replaceInEditor(page, editor, 'export function', "setInterval(() => console.log('tick'), 50);\n\nexport function");
    await expect(consoleRegion).toContainText('tick');

    // The interval is deleted; the new code says when 300 ms have passed, time enough for six ticks.
    await replaceInEditor(page, editor, "setInterval(() => console.log('tick'), 50);", "setTimeout(() => console.log('later'), 300);");
    await expect(consoleRegion).toContainText('later');
    await expect(consoleRegion).not.toContainText('tick');
    await expect(result.getByRole('button', { name: 'Like' })).toBeVisible();
  });

  test('a syntax error names the file, line and column, marks the line, and goes once fixed', async ({ page }) => {
    const { editor, result, problem } = await openEditor(page, ...LIKE);
    await replaceInEditor(page, editor, 'const [liked, setLiked]', 'const [liked, setLiked');
    await expect(problem).toContainText(/Syntax error \(like-button\.tsx, line 4, column \d+\)/);
    await expect(page.locator('.playground__problem-line')).toHaveCount(1);
    // The last good result stays usable meanwhile.
    await expect(result.getByRole('button', { name: 'Like' })).toBeVisible();

    await replaceInEditor(page, editor, 'const [liked, setLiked', 'const [liked, setLiked]');
    await expect(problem).toHaveCount(0);
    await expect(page.locator('.playground__problem-line')).toHaveCount(0);
  });

  test('an error thrown while rendering or in an event handler shows, and the page goes on', async ({ page }) => {
    const { editor, result, problem, showResult } = await openEditor(page, ...LIKE);
    await replaceInEditor(page, editor, 'onClick={() => setLiked(!liked)}', "onClick={() => { throw new Error('clicked too hard'); }}");
    await showResult();
    await result.getByRole('button', { name: 'Like' }).click();
    await expect(problem).toContainText('clicked too hard');
    await expect(problem).toContainText('like-button.tsx, line 7');

    await replaceInEditor(page, editor, "onClick={() => { throw new Error('clicked too hard'); }}", 'onClick={() => setLiked(!liked)}');
    await replaceInEditor(page, editor, '  return (', "  if (!liked) throw new Error('not liked yet');\n  return (");
    await expect(problem).toContainText('not liked yet');
    await expect(problem).toContainText('line 6');

    // In an effect, and in a promise nobody waits for.
    await replaceInEditor(page, editor, "  if (!liked) throw new Error('not liked yet');\n", "  useEffect(() => { throw new Error('effect failed'); });\n");
    await replaceInEditor(page, editor, "import { useState } from 'react';", "import { useEffect, useState } from 'react';");
    await expect(problem).toContainText('effect failed');
    await replaceInEditor(page, editor, "throw new Error('effect failed');", "void Promise.reject(new Error('promise rejected'));");
    await expect(problem).toContainText('promise rejected');
    await expect(result.getByRole('button', { name: 'Like' })).toBeVisible();
  });

  test('a loop that never ends is stopped, and the page and editor keep working', async ({ page }) => {
    const { editor, result, problem } = await openEditor(page, ...LIKE);
    await replaceInEditor(page, editor, '  return (', '  while (true) {}\n  return (');
    await expect(page.getByRole('alert')).toContainText('did not finish', { timeout: 15_000 });
    // The page still responds, and fixing the code runs it in a fresh sandbox.
    await expect(page.getByRole('link', { name: 'Installation' }).first()).toBeVisible();
    await replaceInEditor(page, editor, '  while (true) {}\n', '');
    await expect(result.getByRole('button', { name: 'Like' })).toBeVisible({ timeout: 10_000 });
    await expect(problem).toHaveCount(0);
  });

  test('edits survive a reload; Reset brings the original back, and Undo reset the edit', async ({ page }) => {
    const { editor, result } = await openEditor(page, ...LIKE);
    await replaceInEditor(page, editor, '</span> Like', '</span> Saved label');
    await expect(result.getByRole('button', { name: 'Saved label' })).toBeVisible();
    await expect(page.getByText('Your edits are saved in this browser.')).toBeVisible();

    await page.reload();
    await waitForLesson(page);
    const reopened = editorParts(page, 'Like button', 'like-button.tsx');
    // A demo with saved edits opens in the editor by itself, once it is in view. Opening
    // replaces the demo's element, which may happen while it is being scrolled to: try again.
    await expect(async () => {
      await page.getByRole('group', { name: 'Live demo: Like button' }).scrollIntoViewIfNeeded({ timeout: 1_000 });
    }).toPass();
    await expect(reopened.editor).toHaveValue(/Saved label/);
    await expect(reopened.result.getByRole('button', { name: 'Saved label' })).toBeVisible();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(reopened.editor).not.toHaveValue(/Saved label/);
    await expect(reopened.result.getByRole('button', { name: 'Like' })).toBeVisible();
    await page.getByRole('button', { name: 'Undo reset' }).click();
    await expect(reopened.editor).toHaveValue(/Saved label/);
    await expect(reopened.result.getByRole('button', { name: 'Saved label' })).toBeVisible();
  });

  test('an edit saved against older code is not run until the student chooses', async ({ page }) => {
    await page.goto('/react');
    await page.evaluate(() => {
      const old = "export function LikeButton() {\n  return <button type=\"button\">Old edit</button>;\n}\n";
      localStorage.setItem(
        'tutorial-edits:v1:demos/like-button/like-button.tsx',
        JSON.stringify({ files: { 'like-button.tsx': { code: old, base: 'an-older-version' } }, savedAt: 1 }),
      );
    });
    await page.reload();
    await waitForLesson(page);
    // Into view, for the demo to open by itself; it may have opened already, replacing the
    // prerendered demo, so the page scrolls rather than a locator that could lose its element.
    await page.evaluate(() => document.querySelector('[aria-label="Edit code: Like button"]')?.scrollIntoView());
    const { editor, result } = editorParts(page, 'Like button', 'like-button.tsx');
    await expect(page.getByText("This lesson's code has changed since you edited like-button.tsx")).toBeVisible();
    await expect(editor).toHaveValue(/Old edit/);
    await expect(result.locator('#root')).toBeEmpty();

    await page.getByRole('button', { name: 'Run my version' }).click();
    await expect(result.getByRole('button', { name: 'Old edit' })).toBeVisible();
  });

  test('a demo with several files has a tab for each, and imports between them resolve', async ({ page }) => {
    const { result, showResult } = await openEditor(page, '/react/web-hooks/use-state', 'Cart', 'cart-demo.tsx');
    const tabs = page.getByRole('tablist', { name: 'Files of Cart' });
    await expect(tabs.getByRole('tab')).toHaveText(['cart-demo.tsx', 'cart.ts']);
    await expect(result.getByText('Total: 100 INR')).toBeVisible();

    await tabs.getByRole('tab', { name: 'cart.ts' }).click();
    const cart = page.getByRole('textbox', { name: 'Code: cart.ts' });
    await replaceInEditor(page, cart, 'UNIT_PRICE = 100', 'UNIT_PRICE = 250');
    await expect(result.getByText('Printed course notes: 250 INR each')).toBeVisible();
    await showResult();
    await result.getByRole('button', { name: 'Add one' }).click();
    await expect(result.getByText('Total: 500 INR')).toBeVisible();
    await expect(tabs.getByRole('tab', { name: 'cart.ts (edited)' })).toHaveAttribute('aria-selected', 'true');
  });

  test('Tab indents inside the editor; Esc then Tab moves on', async ({ page }) => {
    const { editor } = await openEditor(page, ...LIKE);
    await editor.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(0, 0));
    await page.keyboard.press('Tab');
    await expect(editor).toBeFocused();
    await expect(editor).toHaveValue(/^ {2}import/);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Run' })).toBeFocused();
    await expect(page.getByText('press Esc and then Tab to move on')).toBeVisible();
  });

  test('fits a 360 px phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { result } = await openEditor(page, '/react/web-hooks/use-state', 'Cart', 'cart-demo.tsx');
    await expect(result.getByText('Total: 100 INR')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe-core finds nothing with the editor and a challenge open (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const { result } = await openEditor(page, '/react/web-hooks/use-state', 'Cart', 'cart-demo.tsx');
      await expect(result.getByText('Total: 100 INR')).toBeVisible();
      await page.getByRole('button', { name: 'Solve it in the editor: Challenge: Count the clicks' }).click();
      await page.getByRole('button', { name: 'Check' }).click();
      await expect(page.getByText(/checks pass/)).toBeVisible();
      await expectNoA11yViolations(page, `use-state with editors open (${scheme})`);
    });
  }
});

test.describe('a challenge', () => {
  test.skip(staticOnly, 'the sandbox document is served by the real server');
  const OPEN = 'Solve it in the editor: Challenge: Count the clicks';

  test('fails the starter with reasons, passes the solution, and any other correct answer', async ({ page }) => {
    await page.goto('/react/web-hooks/use-state');
    await waitForLesson(page);
    const challenge = page.getByRole('region', { name: 'Challenge: Count the clicks' });
    await expect(challenge.getByText('Hint')).toBeVisible();
    await challenge.getByRole('button', { name: OPEN }).click();
    const { editor, result } = editorParts(page, 'Challenge: Count the clicks', 'click-counter.tsx');
    await expect(result.getByRole('button', { name: 'Clicked 0 times' })).toBeVisible();

    await challenge.getByRole('button', { name: 'Check' }).click();
    await expect(challenge.getByText('1 of 3 checks pass.')).toBeVisible();
    const failed = challenge.locator('.check--failed').filter({ hasText: 'Each click adds one to the count' });
    await expect(failed).toContainText('Expected the button after three clicks to show "clicked 3 times", but it shows "Clicked 0 times".');

    await challenge.getByRole('button', { name: 'Show solution' }).click();
    await expect(editor).toHaveValue(/useState/);
    await challenge.getByRole('button', { name: 'Check' }).click();
    await expect(challenge.getByText('All 3 checks pass. Well done!')).toBeVisible();

    // The student's own attempt is one click away.
    await challenge.getByRole('button', { name: 'Back to my code' }).click();
    await expect(editor).toHaveValue(/let count = 0/);

    // A different correct answer passes too: the checks test behaviour, not the text of the code.
    await editor.fill(
      [
        "import { useReducer } from 'react';",
        '',
        'export function ClickCounter() {',
        '  const [n, bump] = useReducer((x: number) => x + 1, 0);',
        "  return <button onClick={bump}>{n === 1 ? 'Clicked 1 time' : 'Clicked ' + n + ' times'}</button>;",
        '}',
        '',
      ].join('\n'),
    );
    await challenge.getByRole('button', { name: 'Check' }).click();
    await expect(challenge.getByText('All 3 checks pass. Well done!')).toBeVisible();

    // Passed once, passed for good: the lesson says so at once, and after a reload.
    await expect(page.getByRole('heading', { name: 'Challenge: Count the clicks (passed)' })).toBeVisible();
    await page.reload();
    await waitForLesson(page);
    await expect(page.getByRole('heading', { name: 'Challenge: Count the clicks (passed)' })).toBeVisible();
  });
});

test.describe('every challenge', () => {
  test.skip(staticOnly, 'the sandbox document is served by the real server');
  // The custom-hook lesson's own fetch demo reads from the placeholder service: a local stand-in here.
  let standIn: StandIn;
  test.beforeAll(async () => {
    standIn = await startStandIn();
  });
  test.afterAll(async () => {
    await standIn.close();
  });
  test.beforeEach(async ({ page }) => {
    await routeServiceTo(page, standIn);
  });

  // The jsdom unit test proves the checks; this proves them where students run them: in the
  // sandbox, beside the result, with the browser's own forms, focus and timers.
  for (const [path] of TUTORIAL_PAGES.filter(([path]) => path !== '/react')) {
    test(`passes with its solution in the browser: ${path}`, async ({ page }) => {
      test.slow();
      await page.goto(path);
      await waitForLesson(page);
      const openers = page.getByRole('button', { name: /^Solve it in the editor: / });
      const count = await openers.count();
      test.skip(count === 0, 'no challenge on this lesson');
      for (let index = 0; index < count; index += 1) {
        const challenge = page.locator('.challenge').nth(index);
        // This test is about the checks, not the mouse: after checks that focus or click things
        // inside a sandbox, Playwright's clicks on the page far below now and then got lost on a
        // busy machine (the mouse itself, moved there, works), so the buttons get DOM clicks.
        await challenge.getByRole('button', { name: /^Solve it in the editor: / }).dispatchEvent('click');
        // The sandbox is up once the starter's result shows.
        const title = await challenge.locator('iframe').getAttribute('title');
        await expect(page.frameLocator(`iframe[title="${title}"]`).locator('#root > *').first()).toBeVisible();
        await challenge.getByRole('button', { name: 'Show solution' }).dispatchEvent('click');
        await expect(challenge.getByRole('button', { name: 'Back to my code' })).toBeVisible({ timeout: 15_000 });
        await challenge.getByRole('button', { name: 'Check' }).dispatchEvent('click');
        await expect(challenge.locator('.challenge-panel__summary')).toHaveText(/^All \d+ checks pass\. Well done!$/, { timeout: 15_000 });
      }
    });
  }
});

test.describe('the sandbox', () => {
  test.skip(staticOnly, 'the sandbox document is served by the real server');
  // The probe's fetch of our API is refused by the sandbox's CSP: that refusal is the point.
  test.use({ allowedCspViolations: [/connect-src|Refused to connect/] });

  test('code in it cannot learn who is signed in', async ({ page }) => {
    const email = uniqueEmail('sandbox');
    await openLogin(page);
    await register(page, 'Sandbox Student', email);
    await expect(accountButton(page, 'Sandbox Student')).toBeVisible();

    const { editor, result } = await openEditor(page, ...LIKE);
    await editor.fill(
      [
        "import { useEffect, useState } from 'react';",
        '',
        'export function Probe() {',
        "  const [report, setReport] = useState('probing');",
        '  useEffect(() => {',
        '    const found: string[] = [];',
        "    try { found.push('cookie:' + document.cookie); } catch { found.push('cookie: refused'); }",
        "    try { found.push('storage:' + localStorage.length); } catch { found.push('storage: refused'); }",
        "    try { found.push('parent:' + window.parent.document.title); } catch { found.push('parent: refused'); }",
        "    fetch('/api/auth/session', { credentials: 'include' })",
        "      .then((response) => response.text())",
        "      .then((body) => setReport(found.join(' ') + ' session:' + body), () => setReport(found.join(' ') + ' session: refused'));",
        '  }, []);',
        '  return <p>{report}</p>;',
        '}',
        '',
      ].join('\n'),
    );
    const report = result.locator('#root p');
    await expect(report).toContainText('session:');
    await expect(report).toHaveText('cookie: refused storage: refused parent: refused session: refused');
    await expect(report).not.toContainText(email);
  });
});
