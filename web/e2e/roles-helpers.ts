// Roles are granted the way the site's operator grants them: with the server's own command,
// on the database the running test server uses.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { dataDir } from './fixtures';
import { setUpByApi } from './two-step-helpers';

const run = promisify(execFile);

/** The server binary the test server runs (built by `make build`, or by `make test` in E2E_BIN_DIR). */
export const SERVER_BIN =
  process.env.E2E_SERVER_BIN ??
  (process.env.E2E_BIN_DIR
    ? `${process.env.E2E_BIN_DIR}/college-site`
    : fileURLToPath(new URL('../../target/release/college-site', import.meta.url)));

/**
 * `college-site roles grant|revoke EMAIL ROLE` on the test server's database, or on `database`
 * (a server a test started itself).
 */
export async function changeRole(action: 'grant' | 'revoke', email: string, role: string, database?: string): Promise<void> {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: roles need the test server started by the Playwright config');
  await run(SERVER_BIN, ['roles', action, email, role, '--database', database ?? `sqlite://${dataDir}/e2e.db`]);
}

/**
 * Sets up two-step sign-in for the account signed in on `page` (`email`), which staff need
 * before any staff page opens, then gives it `role`. In this order, the page's session has
 * passed the second step and outlives the grant, which ends the sessions that have not.
 */
export async function grantRole(page: Page, email: string, role: string, database?: string): Promise<void> {
  await setUpByApi(page, email);
  await changeRole('grant', email, role, database);
}
