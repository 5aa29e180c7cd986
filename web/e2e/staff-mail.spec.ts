// A contact message whose mail fails for good cannot hide: with the SMTP server down and a short
// retry schedule, its mail fails, every staff page shows the banner, and Resend delivers it once
// the SMTP server is back. The test runs a second site of its own, pointed at a real SMTP server
// (smtp-server) that it stops and starts, with a database of its own.
import { SMTPServer } from 'smtp-server';
import { expect, staticOnly, test, waitForApp } from './fixtures';
import { freePort, startSite, stopSite } from './own-site';
import { messageRow, newStaff, openStaff, REFUSED, sendContact, staffNav, token } from './staff-helpers';

test.skip(staticOnly, 'needs the real server');
test.use({ allowedConsoleErrors: [REFUSED] });

/** An SMTP server on `port` that keeps every mail it is given in `inbox`. */
function startSmtp(port: number, inbox: string[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Stopped means stopped: open connections are cut at once, not after 30 s.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Waits until a mail containing `text` has arrived in `inbox`. */
async function waitForSmtpMail(inbox: string[], text: string) {
  await expect.poll(() => inbox.some((mail) => mail.includes(text)), { timeout: 15_000, message: `a mail with ${text}` }).toBe(true);
}

test('a mail that failed for good shows on every staff page, and Resend delivers it once SMTP is back', async ({ browser }) => {
  test.slow();
  const smtpPort = await freePort();
  const inbox: string[] = [];
  let smtp: SMTPServer | null = await startSmtp(smtpPort, inbox);
  const site = await startSite({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_BASE: '200ms', MAIL_MAX_ATTEMPTS: '2' });
  const context = await browser.newContext({ baseURL: site.url });
  try {
    const page = await context.newPage();
    // While the SMTP server is up, the site's mail reaches it (the new account's verification mail).
    const adminEmail = await newStaff(page, 'Smtp Admin', 'admin', site.database);
    await waitForSmtpMail(inbox, adminEmail);
    await expect(page.getByRole('alert').filter({ hasText: 'could not be delivered' })).toHaveCount(0);

    // The SMTP server goes down; a visitor's message fails after two quick attempts.
    await stopSmtp(smtp);
    smtp = null;
    const mark = token();
    const subject = `Scholarship ${mark}`;
    const visitor = await context.newPage();
    await sendContact(visitor, { name: 'Farah Khan', email: 'farah.khan@example.com', subject, message: `Is there a scholarship? ${mark}` });
    await visitor.close();

    // The banner appears on the staff pages (each reads the count as it opens).
    const banner = page.getByRole('alert').filter({ hasText: '1 message could not be delivered by mail.' });
    await expect(async () => {
      await openStaff(page, '/staff/audit');
      await expect(banner).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await openStaff(page, '/staff/people');
    await expect(banner).toBeVisible();

    // It leads to the failed messages, each with its attempts and last error.
    await banner.getByRole('link', { name: 'Show them' }).click();
    await expect(page).toHaveURL('/staff?mail=failed');
    await expect(page.getByLabel('Mail')).toHaveValue('failed');
    const row = messageRow(page, subject);
    await expect(row.getByText('Mail failed after 2 attempts')).toBeVisible();
    await expect(row.getByText(/^Last error: .+/)).toBeVisible();

    await row.getByRole('link', { name: subject }).click();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText('Mail failed after 2 attempts')).toBeVisible();

    // The SMTP server is back: Resend queues the mail again, and it arrives.
    smtp = await startSmtp(smtpPort, inbox);
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The mail is queued again.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0);
    await waitForSmtpMail(inbox, mark);
    expect(inbox.filter((mail) => mail.includes(mark))).toHaveLength(1);

    // Sent now: the message says so, and the banner is gone.
    await expect(async () => {
      await page.reload();
      await waitForApp(page);
      await expect(page.getByText(/^Mail sent /)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(staffNav(page)).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'could not be delivered' })).toHaveCount(0);
  } finally {
    await context.close();
    await stopSite(site);
    if (smtp) await stopSmtp(smtp);
  }
});
