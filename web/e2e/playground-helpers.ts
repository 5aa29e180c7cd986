// Opening a demo in the tutorial's editor and reading its sandboxed result.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { waitForLesson } from './tutorial-helpers';

/** Opens the lesson at `path` and the editor of the demo named `demo`; returns its parts. */
export async function openEditor(page: Page, path: string, demo: string, fileName: string) {
  await page.goto(path);
  await waitForLesson(page);
  await page.getByRole('button', { name: `Edit code: ${demo}` }).click();
  return editorParts(page, demo, fileName);
}

/** The editor of `fileName` and the result frame of the demo named `demo`. */
export function editorParts(page: Page, demo: string, fileName: string) {
  const editor = page.getByRole('textbox', { name: `Code: ${fileName}` });
  const frame = page.locator(`iframe[title="Result: ${demo}"]`);
  const result = page.frameLocator(`iframe[title="Result: ${demo}"]`);
  return {
    editor,
    result,
    problem: page.locator('.playground__problem'),
    /**
     * Scrolls the result into view, as a student would before clicking in it: the browser
     * pauses animation frames of cross-origin frames out of view, and Playwright waits for
     * frames to see that an element is still.
     */
    showResult: () => frame.scrollIntoViewIfNeeded(),
  };
}

/** Replaces `from` with `to` in the editor's text, as typing would. */
export async function replaceInEditor(page: Page, editor: ReturnType<Page['getByRole']>, from: string, to: string) {
  const code = await editor.inputValue();
  const start = code.indexOf(from);
  expect(start, `the editor holds "${from}"`).toBeGreaterThanOrEqual(0);
  await editor.focus();
  await editor.evaluate((element: HTMLTextAreaElement, [begin, end]) => element.setSelectionRange(begin, end), [start, start + from.length] as const);
  await page.keyboard.insertText(to);
}

/** Records every request the page and its frames make that leaves `origin` for anywhere but `allowed` origins. */
export function watchForeignRequests(page: Page, origin: string, allowed: readonly string[] = []): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    const ours = [origin, ...allowed].some((prefix) => url.startsWith(`${prefix}/`));
    if (!ours && !url.startsWith('data:') && !url.startsWith('about:')) foreign.push(url);
  });
  return foreign;
}
