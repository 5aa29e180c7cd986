//! `/api/progress` over the real HTTP API: saves from several browsers, merged newer wins, on
//! SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{
    Backend, TestApp,
    progress_api::{file_json, files_body},
};
use college_site::store::now_millis;
use reqwest::header;
use serde_json::{Value, json};

crate::on_both_backends!(
    the_newer_edit_wins_and_the_answer_tells_it,
    a_merge_keeps_the_other_version_until_it_is_dismissed,
    a_lesson_reads_its_files_and_every_mark_and_pass,
    a_repeated_save_changes_nothing,
    accounts_never_see_each_others_progress,
    times_ahead_of_the_server_count_as_now,
);

const T: i64 = 1_700_000_000_000;

/// A stored file as the API answers it, without another version.
fn stored(demo: &str, code: Option<&str>, edited_at: i64) -> Value {
    let mut file = file_json(demo, code, edited_at);
    file["other"] = Value::Null;
    file
}

async fn the_newer_edit_wins_and_the_answer_tells_it(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let newer = files_body(vec![file_json("counter", Some("newer"), T + 20)]);
    let older = files_body(vec![file_json("counter", Some("older"), T + 10)]);
    assert_eq!(
        app.saved_files(&cookie, &newer).await,
        json!([stored("counter", Some("newer"), T + 20)])
    );
    // The older save arrives second: it is not kept, and its answer holds the newer version.
    assert_eq!(
        app.saved_files(&cookie, &older).await,
        json!([stored("counter", Some("newer"), T + 20)])
    );
    let response = app.read_progress(Some(&cookie), "?lesson=use-state").await;
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
    let progress: Value = response.json().await.expect("json");
    assert_eq!(
        progress["files"],
        json!([stored("counter", Some("newer"), T + 20)])
    );
    // A reset is newer still.
    let reset = files_body(vec![file_json("counter", None, T + 30)]);
    app.saved_files(&cookie, &reset).await;
    assert_eq!(
        app.progress_of(&cookie, "use-state").await["files"],
        json!([stored("counter", None, T + 30)])
    );
    app.stop().await;
}

async fn a_merge_keeps_the_other_version_until_it_is_dismissed(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let account = files_body(vec![file_json("counter", Some("account"), T + 10)]);
    app.saved_files(&cookie, &account).await;
    // A browser that held an edit before signing in uploads it.
    let merge = json!({"merge": true, "files": [file_json("counter", Some("browser"), T + 20)]});
    let merged = app.saved_files(&cookie, &merge).await;
    let expected = json!({"code": "account", "editedAt": T + 10});
    assert_eq!(merged[0]["code"], "browser");
    assert_eq!(merged[0]["other"], expected);
    let progress = app.progress_of(&cookie, "use-state").await;
    assert_eq!(progress["files"][0]["other"], expected);

    // A background save without `other` keeps it...
    let edit = files_body(vec![file_json("counter", Some("edited"), T + 30)]);
    let saved = app.saved_files(&cookie, &edit).await;
    assert_eq!(saved[0]["other"], expected);
    // ...and one with `"other": null` dismisses it.
    let mut dismiss = file_json("counter", Some("edited"), T + 40);
    dismiss["other"] = Value::Null;
    let saved = app.saved_files(&cookie, &files_body(vec![dismiss])).await;
    assert_eq!(saved[0]["other"], Value::Null);
    assert_eq!(
        app.progress_of(&cookie, "use-state").await["files"],
        json!([stored("counter", Some("edited"), T + 40)])
    );

    // A save may set it too.
    let mut set = file_json("counter", Some("edited"), T + 50);
    set["other"] = json!({"code": "kept", "editedAt": T + 45});
    let saved = app.saved_files(&cookie, &files_body(vec![set])).await;
    assert_eq!(
        saved[0]["other"],
        json!({"code": "kept", "editedAt": T + 45})
    );
    app.stop().await;
}

async fn a_lesson_reads_its_files_and_every_mark_and_pass(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let mut effects = file_json("fetch-users", Some("e"), T);
    effects["lesson"] = json!("use-effect");
    let body = json!({
        "lessons": [
            {"lesson": "use-state", "done": true, "changedAt": T},
            {"lesson": "use-effect", "done": false, "changedAt": T + 1},
        ],
        "passes": [{"challenge": "use-effect/inbox-title", "passedAt": T + 2, "files": {"inbox.tsx": "p"}}],
        "files": [file_json("counter", Some("c"), T), effects],
    });
    let saved = app.saved_files(&cookie, &body).await;
    assert_eq!(saved.as_array().expect("files").len(), 2);

    let state = app.progress_of(&cookie, "use-state").await;
    assert_eq!(
        state,
        json!({
            "lessons": {
                "use-effect": {"done": false, "changedAt": T + 1},
                "use-state": {"done": true, "changedAt": T},
            },
            "passes": {"use-effect/inbox-title": {"passedAt": T + 2}},
            "files": [stored("counter", Some("c"), T)],
        })
    );
    let effects = app.progress_of(&cookie, "use-effect").await;
    assert_eq!(effects["files"][0]["demo"], "fetch-users");
    assert_eq!(effects["lessons"], state["lessons"]);
    let response = app.read_progress(Some(&cookie), "").await;
    let without_lesson: Value = response.json().await.expect("json");
    assert_eq!(without_lesson["files"], json!([]));
    assert_eq!(without_lesson["passes"], state["passes"]);
    app.stop().await;
}

async fn a_repeated_save_changes_nothing(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let body = json!({
        "merge": true,
        "lessons": [{"lesson": "use-state", "done": true, "changedAt": T}],
        "passes": [{"challenge": "use-state/click-counter", "passedAt": T, "files": {"click-counter.tsx": "p"}}],
        "files": [file_json("counter", Some("c"), T), file_json("toggle", None, T)],
    });
    let first = app.saved_files(&cookie, &body).await;
    let after_first = app.progress_of(&cookie, "use-state").await;
    assert_eq!(app.saved_files(&cookie, &body).await, first);
    assert_eq!(app.progress_of(&cookie, "use-state").await, after_first);
    app.stop().await;
}

async fn accounts_never_see_each_others_progress(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let asha = app.student("asha@example.com").await;
    let ravi = app.student("ravi@example.com").await;
    let body = json!({
        "lessons": [{"lesson": "use-state", "done": true, "changedAt": T}],
        "passes": [{"challenge": "use-state/click-counter", "passedAt": T, "files": {"click-counter.tsx": "p"}}],
        "files": [file_json("counter", Some("asha's"), T)],
    });
    app.saved_files(&asha, &body).await;
    assert_eq!(
        app.progress_of(&ravi, "use-state").await,
        json!({"lessons": {}, "passes": {}, "files": []})
    );
    // Ravi's older save of the same file is his own, and leaves Asha's alone.
    let mine = files_body(vec![file_json("counter", Some("ravi's"), T - 10)]);
    assert_eq!(
        app.saved_files(&ravi, &mine).await,
        json!([stored("counter", Some("ravi's"), T - 10)])
    );
    assert_eq!(
        app.progress_of(&asha, "use-state").await["files"],
        json!([stored("counter", Some("asha's"), T)])
    );
    app.stop().await;
}

async fn times_ahead_of_the_server_count_as_now(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let year = 365 * 24 * 3_600_000;
    let before = now_millis();
    let ahead = files_body(vec![file_json("counter", Some("ahead"), before + year)]);
    let saved = app.saved_files(&cookie, &ahead).await;
    let edited_at = saved[0]["editedAt"].as_i64().expect("time");
    assert!((before..=now_millis()).contains(&edited_at), "{edited_at}");
    // So an edit made later on a device with a right clock still wins.
    let later = files_body(vec![file_json("counter", Some("later"), now_millis() + 1)]);
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let saved = app.saved_files(&cookie, &later).await;
    assert_eq!(saved[0]["code"], "later");
    app.stop().await;
}
