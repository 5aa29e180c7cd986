import { whenLoadedAndIdle } from '../../shared/lib/when-idle';

/**
 * The tutorial's offline copy (docs/decisions/0010-offline.md). This module is
 * in every page's script, so it only waits: once the page has loaded and the
 * browser is idle, it loads the client (offline-client.ts), which registers the
 * service worker; the worker then downloads its precache. A first visit
 * therefore paints and hydrates exactly as without it.
 */
export function startOfflineCopy() {
  // The Vite dev server's modules are not the build's: no worker there.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenLoadedAndIdle(() => void import('./offline-client').then((client) => client.start()));
}
