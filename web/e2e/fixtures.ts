import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export const staticOnly = process.env.E2E_STATIC === '1';
export const dataDir = process.env.E2E_DATA_DIR ?? '';

interface Fixtures {
  /** Console errors matching one of these do not fail the test. */
  allowedConsoleErrors: RegExp[];
  /** CSP violations matching one of these do not fail the test (a test that provokes one on purpose). */
  allowedCspViolations: RegExp[];
  /** Fails the test on any console error, page error or CSP violation. */
  pageProblems: string[];
}

/** The message Chromium logs when a document answers with an error status. */
export const HTTP_ERROR_STATUS = /Failed to load resource: the server responded with a status of (404|400|422|429)/;

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  allowedCspViolations: [[], { option: true }],
  pageProblems: [
    async ({ page, allowedConsoleErrors, allowedCspViolations }, use) => {
      const problems: string[] = [];
      // `test.use({ allowedConsoleErrors: [re] })` hands over the bare regex (a
      // one-element array there is read as [value]), so accept both forms.
      const allowed: RegExp[] = ([] as RegExp[]).concat(allowedConsoleErrors);
      const allowedCsp: RegExp[] = ([] as RegExp[]).concat(allowedCspViolations);
      const cspProblem = (text: string) => {
        if (!allowedCsp.some((re) => re.test(text))) problems.push(`CSP: ${text}`);
      };
      page.on('console', (message) => {
        const text = message.text();
        if (/Content[- ]Security[- ]Policy/i.test(text)) {
          cspProblem(text);
        } else if (message.type() === 'error' && !allowed.some((re) => re.test(text))) {
          problems.push(`console.error: ${text}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.exposeFunction('__reportCspViolation', cspProblem);
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
          report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      });
      await use(problems);
      expect(problems, 'console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/** Runs axe-core on the page and expects no violations. */
export async function expectNoA11yViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** axe on the page as it stands, light and dark, on a 390 px phone; the page's size and scheme are put back. */
export async function noViolationsOnAPhone(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoA11yViolations(page, `${name} (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

/** Waits until the app has taken over the prerendered page. */
export async function waitForApp(page: Page) {
  await expect(page.locator('html')).toHaveClass(/\bjs\b/);
  // React marks each DOM node it owns; once <main> carries a mark, the page
  // is hydrated (or rendered) and its event handlers are live.
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return !!main && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}
