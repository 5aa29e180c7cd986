//! The tutorial's offline copy: its service worker is never cached by the browser, lists only
//! public files, and the kill switch (`--offline-cache off`) serves a worker that removes it.

use crate::common::{Backend, TestApp, require_built_web_app};
use college_site::config::OfflineCache;
use reqwest::{StatusCode, header};

async fn worker(setting: OfflineCache) -> (String, String, String) {
    let app = TestApp::spawn(Backend::Sqlite, |c| c.offline_cache = setting)
        .await
        .expect("SQLite is always available");
    let response = app
        .client
        .get(app.url("/sw.js"))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::OK);
    let cache = response.headers()[header::CACHE_CONTROL]
        .to_str()
        .expect("ascii")
        .to_owned();
    let kind = response.headers()[header::CONTENT_TYPE]
        .to_str()
        .expect("ascii")
        .to_owned();
    let body = response.text().await.expect("body");
    app.stop().await;
    (cache, kind, body)
}

#[tokio::test]
async fn the_worker_is_revalidated_every_time_and_precaches_no_personal_page() {
    require_built_web_app();
    let (cache, kind, body) = worker(OfflineCache::On).await;
    assert_eq!(cache, "no-cache");
    assert!(kind.contains("javascript"), "{kind}");
    // Pages are precached at an address of their own (see scripts/service-worker.mjs).
    for public in [
        "\"/react/props?offline\"",
        "\"/sandbox\"",
        "\"/search-index.json\"",
    ] {
        assert!(
            body.contains(public),
            "the worker does not precache {public}"
        );
    }
    for personal in [
        "\"/api/",
        "\"/account",
        "\"/teach",
        "\"/join",
        "\"/staff",
        "\"/login",
    ] {
        assert!(!body.contains(personal), "the worker precaches {personal}");
    }
}

#[tokio::test]
async fn the_kill_switch_serves_a_worker_that_removes_the_copy() {
    let (cache, kind, body) = worker(OfflineCache::Off).await;
    assert_eq!(cache, "no-cache");
    assert!(kind.contains("javascript"), "{kind}");
    assert!(body.contains("caches.delete"), "{body}");
    assert!(body.contains("registration.unregister()"), "{body}");
    assert!(!body.contains("precache"), "{body}");
}
