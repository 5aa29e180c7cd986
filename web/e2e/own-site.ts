// A site of a test's own: the server binary started with settings the shared test server does not
// have (an SMTP server, a short retry schedule) or a database no other test touches (one admin).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { dataDir, expect } from './fixtures';
import { SERVER_BIN } from './roles-helpers';

/** A port nobody listens on just now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Site {
  readonly url: string;
  readonly database: string;
  readonly process: ChildProcess;
}

/**
 * Starts the site with `env` added to its settings (SMTP_URL, MAIL_RETRY_BASE…).
 * With `asLocalhost` its address is `http://localhost:PORT`, a name, as passkeys
 * need (WebAuthn takes no IP address as a site's id); it still listens on 127.0.0.1.
 */
export async function startSite(env: Readonly<Record<string, string>> = {}, { asLocalhost = false } = {}): Promise<Site> {
  // Inside the run's data directory, which the run removes at its end (its log stays for a look with E2E_KEEP_DATA=1).
  const dir = mkdtempSync(join(dataDir, 'own-site-'));
  const port = await freePort();
  const loopback = `http://127.0.0.1:${port}`;
  const url = asLocalhost ? `http://localhost:${port}` : loopback;
  const database = `sqlite://${dir}/site.db`;
  const log = openSync(join(dir, 'server.log'), 'a');
  const child = spawn(SERVER_BIN, ['serve', '--listen', `127.0.0.1:${port}`, '--database', database, '--data-dir', dir], {
    env: {
      ...process.env,
      PUBLIC_URL: url,
      AUTH_RATE_PER_MINUTE: '1000',
      REGISTRATIONS_PER_IP_PER_DAY: '100000',
      // The test key of the main test server (playwright.config.ts): staff sign in in two steps.
      SECOND_FACTOR_KEY: 'ZTJlLXRlc3RzLXNlY29uZC1mYWN0b3Ita2V5LTMyYnk=',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  await expect
    .poll(async () => (await fetch(`${loopback}/healthz`).catch(() => null))?.status, { timeout: 30_000, message: `the site at ${url} (log in ${dir})` })
    .toBe(200);
  return { url, database, process: child };
}

export function stopSite(site: Site): Promise<void> {
  return new Promise((resolve) => {
    if (site.process.exitCode !== null) return resolve();
    site.process.once('exit', () => resolve());
    site.process.kill('SIGTERM');
  });
}
