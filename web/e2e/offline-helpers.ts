// The tutorial's offline copy in a test browser: waiting for it, reading what it keeps, and a deploy.
import { createServer, request } from 'node:http';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits until the service worker controls the page, which it does once its precache is
 * complete (it activates only then). It registers after the page is idle.
 */
export async function waitForOfflineCopy(page: Page) {
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 })
    .toBe(true);
}

/** Every cache in this browser for the site, and the addresses it holds. */
export function cachedEntries(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return all;
  });
}

/** The quiet notice the pages show while the browser is offline. */
export const offlineNote = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline\./ });

/**
 * The site, through a proxy that can play a deploy: after `deploy()`, its `/sw.js` names a
 * changed file; after `serveFrom(url)`, another server answers at the same origin (one started
 * with other settings, as an operator restarts the site).
 */
export interface DeployProxy {
  readonly origin: string;
  deploy(): void;
  serveFrom(site: string): void;
  close(): Promise<void>;
}

/** Any test port of this suite's range; the proxy is used by one test at a time. */
const DEPLOY_PROXY_PORT = Number(process.env.E2E_PORT ?? 18080) + 2;

export async function startDeployProxy(site: string): Promise<DeployProxy> {
  let upstream = new URL(site);
  let deployed = false;
  const server = createServer((incoming, outgoing) => {
    const isWorker = (incoming.url ?? '').split('?')[0] === '/sw.js';
    // The worker as text, to change it, and never "not modified": the browser's copy may be the one before the deploy.
    const headers = { ...incoming.headers, host: upstream.host };
    if (isWorker) {
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        if (!isWorker || !deployed) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/revision:"[0-9a-f]+"/, 'revision:"00000000000000000000000000000001"');
          const kept = { ...answer.headers };
          delete kept['content-length'];
          delete kept.etag;
          outgoing.writeHead(answer.statusCode ?? 502, kept);
          outgoing.end(body);
        });
      },
    );
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(DEPLOY_PROXY_PORT, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${DEPLOY_PROXY_PORT}`,
    deploy: () => {
      deployed = true;
    },
    serveFrom: (other) => {
      upstream = new URL(other);
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
