import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT and E2E_OIDC_PORT let two runs share a machine (each needs its own build).
const PORT = Number(process.env.E2E_PORT ?? 18080);
// E2E_BASE_URL runs the suite against a site that is already running there
// (no server is started).
const externalBaseUrl = process.env.E2E_BASE_URL;
const BASE_URL = externalBaseUrl ?? `http://127.0.0.1:${PORT}`;
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 18081);
// The server's binaries: `make test` points this at the build its server tests used.
const BIN_DIR = process.env.E2E_BIN_DIR ?? '../target/release';
const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;

// One fresh data directory per run. The config is loaded again in every
// worker; the environment carries the first choice over to them.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'college-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

// E2E_STATIC=1 runs the suite against dist/ served by scripts/serve-dist.mjs
// instead of the real server; tests that need the server skip themselves.
const staticOnly = process.env.E2E_STATIC === '1';

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // On CI a failed test runs once more: a shared, noisy machine should not sink
  // a whole run. A test that passes only the second time is still reported as
  // "flaky" in the list, to be looked at.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every test screenshots and DOM snapshots at each step; a failure
    // runs once more on CI (retries), and that run is recorded.
    trace: 'on-first-retry',
    // A fresh browser downloads the tutorial's offline copy (about 150 files) once it is idle:
    // every test would pay for it. The specs about the offline copy allow the worker
    // (`test.use({ serviceWorkers: 'allow' })`); the others test the site without it.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium headless shell (scripts/ensure-tools.sh installs it): the suite takes
      // about two thirds of the CPU time the full browser's headless mode does.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: externalBaseUrl
    ? undefined
    : staticOnly
      ? {
          command: `node scripts/serve-dist.mjs ${PORT}`,
          url: `${BASE_URL}/`,
          reuseExistingServer: false,
          timeout: 60_000,
        }
      : [
          // The development OpenID provider stands in for Google (it cannot be
          // reached from here); the site is pointed at it like at Google.
          {
            command: `${BIN_DIR}/dev-oidc --listen 127.0.0.1:${OIDC_PORT}`,
            url: `${OIDC_ISSUER}/healthz`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'pipe',
            stderr: 'pipe',
          },
          {
            command: `${BIN_DIR}/college-site serve --listen 127.0.0.1:${PORT} --database sqlite://${dataDir}/e2e.db --data-dir ${dataDir}`,
            url: `${BASE_URL}/healthz`,
            env: {
              PUBLIC_URL: BASE_URL,
              OIDC_ISSUER,
              GOOGLE_CLIENT_ID: 'college-site-dev',
              GOOGLE_CLIENT_SECRET: 'dev-secret',
              // Many tests sign in, and register, from one address within a minute.
              AUTH_RATE_PER_MINUTE: '1000',
              SIGN_INS_PER_IP_PER_MINUTE: '100000',
              REGISTRATIONS_PER_IP_PER_DAY: '100000',
              // Staff sign in in two steps: the key that seals their authenticator secrets (a test key).
              SECOND_FACTOR_KEY: 'ZTJlLXRlc3RzLXNlY29uZC1mYWN0b3Ita2V5LTMyYnk=',
            },
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'pipe',
            stderr: 'pipe',
          },
        ],
});
