//! The tutorial's offline copy: `/sw.js`, the service worker the web build writes
//! (`web/scripts/service-worker.mjs`), or, with `--offline-cache off`, the kill switch: a worker
//! that deletes every cache this site made in the browser, unregisters itself and reloads the
//! pages it controlled, so they come from the network again. Browsers check `/sw.js` for a new
//! version at every navigation (it is never cached), so the switch reaches every student at
//! their next visit. See `docs/decisions/0010-offline.md`.

use axum::{
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};

use super::assets;
use crate::config::OfflineCache;

pub const WORKER_PATH: &str = "/sw.js";

/// Replaces any earlier worker at once (`skipWaiting`), and leaves nothing behind.
const KILL_SWITCH_WORKER: &str = "\
// The offline copy is switched off on this site: remove it, and this worker.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) await caches.delete(key);
    await self.registration.unregister();
    const pages = await self.clients.matchAll({ type: 'window' });
    for (const page of pages) page.navigate(page.url);
  })());
});
";

/// `GET /sw.js`: the offline worker, or the kill switch. Either way `no-cache`: a worker cached
/// by the browser's HTTP cache would delay a new version, or the switch.
pub fn worker(setting: OfflineCache, request_headers: &HeaderMap) -> Response {
    let mut response = match setting {
        OfflineCache::On => assets::respond(WORKER_PATH, request_headers),
        OfflineCache::Off => (
            StatusCode::OK,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/javascript; charset=utf-8"),
            )],
            KILL_SWITCH_WORKER,
        )
            .into_response(),
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}
