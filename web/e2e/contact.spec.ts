import { randomUUID } from 'node:crypto';
import { dataDir, expect, expectNoA11yViolations, HTTP_ERROR_STATUS, staticOnly, test, waitForApp } from './fixtures';
import { waitForMail } from './mail';

for (const javaScriptEnabled of [true, false]) {
  test.describe(`contact form, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.skip(staticOnly, 'needs the real server');
    test.use({ javaScriptEnabled });

    test('a message is sent and arrives as mail', async ({ page }) => {
      const token = `e2e-${javaScriptEnabled ? 'js' : 'nojs'}-${randomUUID().slice(0, 8)}`;
      const subject = `Admission question ${token}`;
      const message = `Hello, I would like to know about BCA fees. Reference ${token}.`;

      await page.goto('/contact');
      if (javaScriptEnabled) await waitForApp(page);
      await page.getByLabel('Your name').fill('Asha Verma');
      await page.getByLabel('Your email').fill('asha.verma@example.com');
      await page.getByLabel('Subject').fill(subject);
      await page.getByLabel('Your message').fill(message);
      await page.getByRole('button', { name: 'Send' }).click();

      await expect(page).toHaveURL('/contact/thanks');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your message has been sent');

      const mail = await waitForMail(dataDir, token);
      expect(mail).toMatch(/^To: /m);
      expect(mail).toMatch(/^From: /m);
      expect(mail).toMatch(/^Reply-To: .*asha\.verma@example\.com/m);
      expect(mail).toMatch(new RegExp(`^Subject: .*${subject}`, 'm'));
      expect(mail).toContain(message);
    });

    test.describe('an invalid submission', () => {
      test.use({ allowedConsoleErrors: [HTTP_ERROR_STATUS] });

      test('lists the problems and keeps what was typed', async ({ page }) => {
        const name = 'Asha Verma';
        // Markup-like text must come back as text, not as markup.
        const message = 'What are the fees? <b>Year 1 & 2</b> "thanks"\nAsha';
        await page.goto('/contact');
        if (javaScriptEnabled) await waitForApp(page);
        await page.getByLabel('Your name').fill(name);
        await page.getByLabel('Your email').fill('not-an-email');
        await page.getByLabel('Subject').fill('Fees');
        await page.getByLabel('Your message').fill(message);
        // Skip the browser's own checks so the server sees the bad address.
        await page.locator('form').evaluate((form) => form.setAttribute('novalidate', ''));
        await page.getByRole('button', { name: 'Send' }).click();

        await expect(page).toHaveURL('/contact');
        const summary = page.getByRole('alert');
        await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
        const emailProblem = summary.locator('a[href="#contact-email"]');
        await expect(emailProblem).toBeVisible();
        await expect(page).toHaveTitle(/^Error: Contact us \|/);

        await expect(page.getByLabel('Your name')).toHaveValue(name);
        await expect(page.getByLabel('Your email')).toHaveValue('not-an-email');
        await expect(page.getByLabel('Subject')).toHaveValue('Fees');
        await expect(page.getByLabel('Your message')).toHaveValue(message);
        // axe-core needs scripts in the page, so it checks the scripted page only.
        if (javaScriptEnabled) await expectNoA11yViolations(page, 'contact page with problems');

        if (javaScriptEnabled) {
          await expect(summary).toBeFocused();
          await expect(page.getByLabel('Your email')).toHaveAttribute('aria-invalid', 'true');
          await emailProblem.click();
          await expect(page.getByLabel('Your email')).toBeFocused();
        } else {
          await emailProblem.click();
          await expect(page).toHaveURL('/contact#contact-email');
        }

        // Correcting the address sends the message.
        await page.getByLabel('Your email').fill('asha.verma@example.com');
        await page.getByRole('button', { name: 'Send' }).click();
        await expect(page).toHaveURL('/contact/thanks');
      });
    });
  });
}
