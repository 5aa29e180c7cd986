//! `/api/progress` refuses a page opened for another sign-in: on a shared computer, a tab
//! student A left open must not save into, nor read, the account of B who signed in since. On
//! SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{
    Backend, TestApp,
    auth_api::error_of,
    progress_api::{file_json, files_body},
};
use reqwest::StatusCode;
use serde_json::{Value, json};

crate::on_both_backends!(
    a_page_of_another_sign_in_is_refused_and_nothing_is_written,
    a_page_of_this_sign_in_or_naming_none_is_served,
);

const T: i64 = 1_700_000_000_000;
const OTHER_ACCOUNT: &str = "This page belongs to another sign-in: someone else has signed in on this browser since it was opened. Reload the page.";

/// A save naming `account`, with a mark, a pass and a file.
fn save_for(account: &str) -> Value {
    json!({
        "account": account,
        "lessons": [{"lesson": "use-state", "done": true, "changedAt": T}],
        "passes": [{"challenge": "use-state/click-counter", "passedAt": T, "files": {"click-counter.tsx": "p"}}],
        "files": [file_json("counter", Some("asha's"), T)],
    })
}

/// The uid of the session's account.
async fn uid_of(app: &TestApp, cookie: &str) -> String {
    let user = app.session_user(cookie).await;
    user["uid"].as_str().expect("uid").to_owned()
}

async fn a_page_of_another_sign_in_is_refused_and_nothing_is_written(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let asha_cookie = app.student("asha@example.com").await;
    let asha = uid_of(&app, &asha_cookie).await;
    // Ravi signs in on the same browser: Asha's tab now sends Ravi's cookie.
    let ravi = app.student("ravi@example.com").await;

    let mut invalid = save_for(&asha);
    invalid["files"][0]["lesson"] = json!("Not a lesson");
    for body in [save_for(&asha), save_for(""), invalid] {
        let (status, code, message) = error_of(app.save_progress(Some(&ravi), &body).await).await;
        assert_eq!(
            (status, code.as_str(), message.as_str()),
            (StatusCode::CONFLICT, "other-account", OTHER_ACCOUNT),
            "{body}"
        );
    }
    for query in [
        format!("?lesson=use-state&account={asha}"),
        format!("?account={asha}"),
        "?lesson=use-state&account=".to_owned(),
    ] {
        let (status, code, message) = error_of(app.read_progress(Some(&ravi), &query).await).await;
        assert_eq!(
            (status, code.as_str(), message.as_str()),
            (StatusCode::CONFLICT, "other-account", OTHER_ACCOUNT),
            "{query}"
        );
    }
    let empty = json!({"lessons": {}, "passes": {}, "files": []});
    assert_eq!(
        app.progress_of(&ravi, "use-state").await,
        empty,
        "nothing written"
    );
    assert_eq!(app.progress_of(&asha_cookie, "use-state").await, empty);
    app.stop().await;
}

async fn a_page_of_this_sign_in_or_naming_none_is_served(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let asha = uid_of(&app, &cookie).await;
    let saved = app.saved_files(&cookie, &save_for(&asha)).await;
    assert_eq!(saved[0]["code"], "asha's");
    // An older page names no account, and is not checked.
    let unnamed = files_body(vec![file_json("toggle", Some("older page"), T)]);
    app.saved_files(&cookie, &unnamed).await;

    let response = app
        .read_progress(Some(&cookie), &format!("?lesson=use-state&account={asha}"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let progress: Value = response.json().await.expect("json");
    assert_eq!(progress, app.progress_of(&cookie, "use-state").await);
    assert_eq!(progress["lessons"]["use-state"]["done"], true);
    assert_eq!(progress["passes"]["use-state/click-counter"]["passedAt"], T);
    assert_eq!(progress["files"].as_array().expect("files").len(), 2);
    app.stop().await;
}
