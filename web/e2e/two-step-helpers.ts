// Two-step sign-in as its owner sets it up: the test is the authenticator app, computing codes
// (RFC 6238: HMAC-SHA-1, 6 digits, 30 s) from the key the page shows.
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { PASSWORD } from './auth-helpers';
import { expect, waitForApp } from './fixtures';

export interface Authenticator {
  readonly secret: Buffer;
  readonly recoveryCodes: string[];
}

/** The apps set up in this worker, by the account's email. */
const apps = new Map<string, Authenticator>();

/** A key as the page shows it ("ABCD EFGH ...") back to its bytes, as an app reads it. */
export function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let buffer = 0;
  let bits = 0;
  const out: number[] = [];
  for (const char of text.replace(/\s/g, '')) {
    buffer = (buffer << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** The code the app shows `steps` time steps from now (the server takes one either side, each once). */
export function totp(secret: Buffer, steps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/** The app set up for `email` in this worker. */
export function authenticatorOf(email: string): Authenticator {
  const app = apps.get(email.toLowerCase());
  if (!app) throw new Error(`no two-step sign-in was set up for ${email} in this test`);
  return app;
}

/** A recovery code of `email` not used yet: for identity checks in tests that do not test codes. */
export function recoveryCode(email: string): string {
  const code = authenticatorOf(email).recoveryCodes.pop();
  if (!code) throw new Error(`no recovery code left for ${email}`);
  return code;
}

/** Sets up two-step sign-in for the account signed in on `page`, through the API its page calls. */
export async function setUpByApi(page: Page, email: string, password = PASSWORD): Promise<Authenticator> {
  const headers = { origin: new URL(page.url()).origin };
  const started = await page.request.post('/api/account/second-factor/start', { headers, data: { password } });
  expect(started.status()).toBe(200);
  const { setup } = (await started.json()) as { setup: { key: string } };
  const secret = base32Decode(setup.key);
  const confirmed = await page.request.post('/api/account/second-factor/confirm', { headers, data: { code: totp(secret) } });
  expect(confirmed.status()).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  const app = { secret, recoveryCodes };
  apps.set(email.toLowerCase(), app);
  return app;
}

/**
 * Sets up two-step sign-in on /account/two-step as a person does: types the password (`null`
 * for an account without one), reads the key under the QR code into the "app", types its first
 * code, and saves the recovery codes shown.
 */
export async function setUpInPage(page: Page, email: string, password: string | null = PASSWORD): Promise<Authenticator> {
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
  // A Google account has no password: a recent sign-in stands in for it.
  const setUp = page.getByRole('region', { name: 'Set up two-step sign-in' });
  if (password !== null) await setUp.getByLabel('Current password').fill(password);
  await setUp.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeVisible();
  const key = await page.locator('.two-step__key').innerText();
  const secret = base32Decode(key);
  await page.getByLabel('Code from the app').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  const app = { secret, recoveryCodes };
  apps.set(email.toLowerCase(), app);
  return app;
}

/** Answers the sign-in's second step with the app's next code; returns the code. */
export async function answerSecondStep(page: Page, email: string, steps = 1): Promise<string> {
  await expect(page).toHaveURL(/\/login\/second-factor/);
  await waitForApp(page);
  const code = totp(authenticatorOf(email).secret, steps);
  await page.getByLabel('Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return code;
}
