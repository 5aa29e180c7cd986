import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, staticOnly, test } from './fixtures';
import { editorParts, openEditor } from './playground-helpers';
import { liveDemo, waitForLesson } from './tutorial-helpers';

// The editor on the college lab's screens (1366 × 768): code beside its result, both in view at
// once, and a focus mode that gives the demo the whole window. Phones keep the stacked layout.

const LESSON = '/react/web-hooks/use-reducer';
const COUNTER = ['Reducer counter', 'reducer-counter.tsx'] as const;
const LAB_SCREEN = { width: 1366, height: 768 };

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is on the page').not.toBeNull();
  return box!;
}

/** The open demo (editor, result, console, checks) named `demo`. */
function openDemo(page: Page, demo: string) {
  return page.locator('.playground', { has: page.locator(`iframe[title="Result: ${demo}"]`) });
}

/** The editor's visible box (it scrolls inside itself), the file tabs and the buttons under it. */
function codePane(page: Page, demo: string) {
  return openDemo(page, demo).locator('.playground__code');
}

function expectInViewport(box: Box, what: string, viewport: { width: number; height: number }) {
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height);
}

/** Opens the demo, waits for its result, and scrolls it into view as a student would. */
async function openAndShow(page: Page, path: string, demo: string, fileName: string, opener = `Edit code: ${demo}`) {
  await page.goto(path);
  await waitForLesson(page);
  await page.getByRole('button', { name: opener }).click();
  const parts = editorParts(page, demo, fileName);
  await expect(parts.result.locator('#root > *').first()).toBeVisible();
  // As a student scrolls to it: the whole demo in the middle of the screen.
  await openDemo(page, demo).evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  return parts;
}

/** Code and result side by side, both wholly in view: the layout a lab screen gets. */
async function expectSideBySide(page: Page, demo: string, editor: Locator) {
  const viewport = page.viewportSize()!;
  const code = await boxOf(codePane(page, demo));
  const editorBox = await boxOf(editor.locator('xpath=ancestor::div[contains(@class, "prism-code-editor")]'));
  const result = await boxOf(liveDemo(page, demo));
  const frame = await boxOf(page.locator(`iframe[title="Result: ${demo}"]`));
  expectInViewport(code, 'the code', viewport);
  expectInViewport(editorBox, 'the editor', viewport);
  expectInViewport(result, 'the result', viewport);
  expectInViewport(frame, 'the result frame', viewport);
  // Side by side: the code on the left, the result on the right, starting at the same height.
  expect(code.x + code.width).toBeLessThanOrEqual(result.x);
  expect(editorBox.x + editorBox.width).toBeLessThanOrEqual(frame.x);
  expect(Math.abs(code.y - result.y), 'the code and the result start at the same height').toBeLessThanOrEqual(3);
  // The editor has room to show code: more than half of the lesson's reading width.
  expect(editorBox.width).toBeGreaterThan(450);
  expect(editorBox.height).toBeGreaterThan(300);
}

test.describe('the editor on a lab screen', () => {
  test.skip(staticOnly, 'the sandbox document is served by the real server');
  test.use({ viewport: LAB_SCREEN });

  test('shows the code and its result side by side, both in view once the demo is scrolled to', async ({ page }) => {
    const { editor, result } = await openAndShow(page, LESSON, ...COUNTER, `Edit code: ${COUNTER[0]}`);
    await expectSideBySide(page, COUNTER[0], editor);

    // Both panes are as tall as each other, and the result still answers.
    const code = await boxOf(codePane(page, COUNTER[0]));
    const output = await boxOf(openDemo(page, COUNTER[0]).locator('.playground__output'));
    expect(Math.abs(code.height - output.height)).toBeLessThanOrEqual(14);
    await result.getByRole('button', { name: 'Increment' }).click();
    await expect(result.getByText('Count: 1')).toBeVisible();
  });

  test('a challenge uses the same layout, with its checks beside the code', async ({ page }) => {
    const demo = 'Challenge: Finish the volume reducer';
    const { editor } = await openAndShow(page, LESSON, demo, 'volume-control.tsx', `Solve it in the editor: ${demo}`);
    await expectSideBySide(page, demo, editor);

    const challenge = page.getByRole('region', { name: demo });
    await challenge.getByRole('button', { name: 'Check' }).click();
    const summary = challenge.locator('.challenge-panel__summary');
    await expect(summary).toHaveText(/checks pass/);
    // The checks are in the result's pane, to the right of the code.
    const checks = await boxOf(page.getByRole('region', { name: `Checks: ${demo}` }));
    const code = await boxOf(codePane(page, demo));
    expect(checks.x).toBeGreaterThanOrEqual(code.x + code.width);
  });

  test('on a phone, the code and the result stack, and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { editor, result } = await openEditor(page, LESSON, ...COUNTER);
    await expect(result.getByText('Count: 0')).toBeVisible();
    const editorBox = await boxOf(editor.locator('xpath=ancestor::div[contains(@class, "prism-code-editor")]'));
    const frame = await boxOf(page.locator(`iframe[title="Result: ${COUNTER[0]}"]`));
    expect(frame.y, 'the result is below the code').toBeGreaterThanOrEqual(editorBox.y + editorBox.height);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('focus mode', () => {
  test.skip(staticOnly, 'the sandbox document is served by the real server');
  test.use({ viewport: LAB_SCREEN });
  const [demo, fileName] = COUNTER;

  test('fills the window, keeps the keyboard inside, and Esc returns to the same place', async ({ page }) => {
    const { editor, result } = await openAndShow(page, LESSON, demo, fileName);
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo, 'the demo is down the page').toBeGreaterThan(100);
    const focusButton = openDemo(page, demo).getByRole('button', { name: 'Focus', exact: true });
    await focusButton.click();

    const dialog = page.getByRole('dialog', { name: `Focus mode: ${demo}` });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Focus mode on' })).toBeAttached();
    const box = await boxOf(dialog);
    expect(box.x).toBeCloseTo(0, 0);
    expect(box.y).toBeCloseTo(0, 0);
    expect(box.width).toBeCloseTo(LAB_SCREEN.width, 0);
    expect(box.height).toBeCloseTo(LAB_SCREEN.height, 0);
    // Tabs, code, result and console are all there, and work.
    await expect(dialog.getByRole('tab', { name: 'counter-reducer.ts' })).toBeVisible();
    await expect(editor).toBeVisible();
    await result.getByRole('button', { name: 'Increment' }).click();
    await expect(result.getByText('Count: 1')).toBeVisible();
    await expect(dialog.getByRole('region', { name: `Console: ${demo}` })).toBeVisible();

    // The lesson behind does not scroll under the wheel.
    await dialog.getByText('Edit the code and the result updates').hover();
    await page.mouse.wheel(0, 800);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);

    // Tab goes round inside the demo: past its last control (in the result) back to its first.
    const leaveButton = dialog.getByRole('button', { name: 'Leave focus', exact: true });
    await leaveButton.focus();
    const inside = () => dialog.evaluate((element) => element.contains(document.activeElement) && document.activeElement !== element);
    let backToStart = false;
    for (let press = 0; press < 20 && !backToStart; press += 1) {
      // In the editor Tab indents: Esc, then Tab, moves on (and this Esc does not leave focus mode).
      if (await editor.evaluate((element) => element === document.activeElement)) await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
      expect(await inside(), `after ${press + 1} Tab presses the keyboard is still in the demo`).toBe(true);
      backToStart = await leaveButton.evaluate((element) => element === document.activeElement);
    }
    expect(backToStart, 'Tab came round to the first control again').toBe(true);
    await expect(dialog).toBeVisible();
    await expect(editor).toHaveValue(/^import \{ useReducer \}/);
    // Shift+Tab from the first control goes round the other way, still inside.
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);

    // Esc returns to the lesson where it was, with the keyboard on the Focus button.
    await leaveButton.focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(focusButton).toBeFocused();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledTo)).toBeLessThanOrEqual(1);
    await expect(page.getByRole('status').filter({ hasText: 'Focus mode off' })).toBeAttached();
  });

  test('the button leaves too, and the shortcut named in the help works from the editor', async ({ page }) => {
    const { editor } = await openAndShow(page, LESSON, demo, fileName);
    const help = openDemo(page, demo).locator('.playground__help');
    await expect(help).toContainText('The Focus button (Ctrl+Shift+Enter) gives the demo the whole window; press it again, or Esc (twice in the code), to come back.');
    const scrolledTo = await page.evaluate(() => window.scrollY);
    const dialog = page.getByRole('dialog', { name: `Focus mode: ${demo}` });

    // The shortcut, from the editor, leaves the keyboard where it was.
    await editor.focus();
    const code = await editor.inputValue();
    await page.keyboard.press('Control+Shift+Enter');
    await expect(dialog).toBeVisible();
    await expect(editor).toBeFocused();
    await page.keyboard.press('Control+Shift+Enter');
    await expect(dialog).toHaveCount(0);
    await expect(editor).toBeFocused();
    await expect(editor, 'the shortcut typed nothing').toHaveValue(code);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledTo)).toBeLessThanOrEqual(1);

    // Esc in the editor is the editor's (its way out for Tab): it does not leave; a second Esc does.
    const focusButton = openDemo(page, demo).getByRole('button', { name: 'Focus', exact: true });
    await page.keyboard.press('Control+Shift+Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(editor).not.toBeFocused();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(focusButton).toBeFocused();

    await focusButton.click();
    await dialog.getByRole('button', { name: 'Leave focus', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(focusButton).toBeFocused();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledTo)).toBeLessThanOrEqual(1);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe-core finds nothing in focus mode (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await openAndShow(page, LESSON, demo, fileName);
      await openDemo(page, demo).getByRole('button', { name: 'Focus', exact: true }).click();
      await expect(page.getByRole('dialog', { name: `Focus mode: ${demo}` })).toBeVisible();
      await expectNoA11yViolations(page, `focus mode (${scheme})`);
    });
  }
});
