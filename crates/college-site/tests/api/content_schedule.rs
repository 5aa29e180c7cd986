//! Scheduled notices over HTTP, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set):
//! a publish at its time and an expiry, across a restart, and on two instances of one site.

use std::time::Duration;

use super::content_api::{app, create, live_titles};
use crate::common::Backend;
use crate::common::eventually;
use college_site::store::now_millis;
use serde_json::json;

crate::on_both_backends!(
    a_scheduled_notice_goes_live_on_time_after_a_restart,
    a_notice_scheduled_on_one_instance_goes_live_on_every_instance,
);

async fn a_scheduled_notice_goes_live_on_time_after_a_restart(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(&app, &editor, "Admissions open").await;
    let expires = create(&app, &editor, "Open day tomorrow").await;
    let now = now_millis();
    let scheduled = app
        .staff_post(
            &format!("/api/content/notices/{id}/publish"),
            &editor,
            json!({"revision": 1, "publishAt": now + 1_500}),
        )
        .await;
    assert_eq!(scheduled["notice"]["state"], "scheduled");
    app.staff_post(
        &format!("/api/content/notices/{expires}/publish"),
        &editor,
        json!({"revision": 1, "expiresAt": now + 2_000}),
    )
    .await;
    assert_eq!(live_titles(&app).await, ["Open day tomorrow"]);

    // The server is down when the time comes, and catches up when it starts.
    let mut app = app;
    app.stop_server().await;
    let elapsed = Duration::from_millis(u64::try_from(now_millis() - now).unwrap_or(0));
    tokio::time::sleep(Duration::from_millis(2_100).saturating_sub(elapsed)).await;
    let again = app.second_instance(|_| {}).await;
    let live = eventually(Duration::from_secs(5), || async {
        let titles = live_titles(&again).await;
        (titles == ["Admissions open"]).then_some(titles)
    })
    .await;
    assert!(
        live.is_some(),
        "published after the restart, and the expired one gone: {:?}",
        live_titles(&again).await
    );
}

async fn a_notice_scheduled_on_one_instance_goes_live_on_every_instance(backend: Backend) {
    let Some(first) = app(backend).await else {
        return;
    };
    let second = first.second_instance(|_| {}).await;
    let editor = first.staff_member("editor@example.com", "editor").await;
    let id = create(&first, &editor, "Results declared").await;
    let at = now_millis() + 1_000;
    first
        .staff_post(
            &format!("/api/content/notices/{id}/publish"),
            &editor,
            json!({"revision": 1, "publishAt": at}),
        )
        .await;
    for instance in [&first, &second] {
        let live = eventually(Duration::from_secs(5), || async {
            let titles = live_titles(instance).await;
            (!titles.is_empty()).then_some(titles)
        })
        .await;
        assert_eq!(live.unwrap_or_default(), ["Results declared"]);
    }
    let opened = second
        .staff_get(&format!("/api/content/notices/{id}"), &editor)
        .await;
    let first_published = opened["notice"]["firstPublishedAt"].as_i64().unwrap();
    assert_eq!(first_published, at, "it went live at its time, once");
    second.stop().await;
}
