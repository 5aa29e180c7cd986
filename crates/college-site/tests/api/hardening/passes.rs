//! A pass tells the truth as far as the server can check: only the tutorial's lessons and
//! challenges, a pass only with the code that passed under the challenge's own file names,
//! and times between the account's making and now. Before, one request recorded all 23
//! challenges as passed in 1970 with no code, and made-up lessons became columns of the
//! teacher's table.

use college_site::{store::now_millis, web::assets};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    common::{Backend, TestApp, auth_api::error_of, raw_sql},
    on_both_backends,
};

on_both_backends!(
    crafted_passes_and_made_up_lessons_are_refused,
    a_pass_is_dated_within_the_accounts_life,
    the_teachers_table_counts_only_the_tutorials_lessons
);

async fn app(backend: Backend) -> Option<TestApp> {
    TestApp::spawn(backend, |config| config.limits.auth_per_minute = 1_000).await
}

async fn refusal(app: &TestApp, cookie: &str, body: Value) -> String {
    let (status, code, message) = error_of(app.save_progress(Some(cookie), &body).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "invalid-input"),
        "{message}"
    );
    message
}

async fn crafted_passes_and_made_up_lessons_are_refused(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let every_challenge: Vec<Value> = assets::challenge_files()
        .keys()
        .map(|challenge| json!({"challenge": challenge, "passedAt": 1}))
        .collect();
    assert_eq!(every_challenge.len(), 23, "the tutorial's challenges");

    let message = refusal(&app, &cookie, json!({ "passes": every_challenge })).await;
    assert!(message.contains("the code that passed"), "{message}");
    let message = refusal(
        &app,
        &cookie,
        json!({"lessons": [{"lesson": "made-up-1", "done": true, "changedAt": 1}]}),
    )
    .await;
    assert_eq!(
        message,
        "Lesson mark 1: the tutorial has no lesson \"made-up-1\"."
    );
    let message = refusal(
        &app,
        &cookie,
        json!({"passes": [{"challenge": "use-state/made-up", "passedAt": 1,
                           "files": {"click-counter.tsx": "x"}}]}),
    )
    .await;
    assert!(message.contains("no challenge"), "{message}");
    let message = refusal(
        &app,
        &cookie,
        json!({"passes": [{"challenge": "use-state/click-counter", "passedAt": 1,
                           "files": {"evil.tsx": "x"}}]}),
    )
    .await;
    assert!(message.contains("has no file \"evil.tsx\""), "{message}");

    let progress = app.progress_of(&cookie, "use-state").await;
    assert_eq!(progress, json!({"lessons": {}, "passes": {}, "files": []}));
}

async fn a_pass_is_dated_within_the_accounts_life(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let before = now_millis();
    let cookie = app.signed_in("asha@example.com").await;
    let body = json!({
        "passes": [
            {"challenge": "use-state/click-counter", "passedAt": 1,
             "files": {"click-counter.tsx": "export default function Counter() {}"}},
            {"challenge": "use-effect/inbox-title", "passedAt": i64::MAX / 2,
             "files": {"inbox.tsx": "export default function Inbox() {}"}},
        ],
    });
    assert_eq!(
        app.save_progress(Some(&cookie), &body).await.status(),
        StatusCode::OK
    );
    let after = now_millis();
    let passes = app.progress_of(&cookie, "use-state").await["passes"].clone();
    let in_1970 = passes["use-state/click-counter"]["passedAt"]
        .as_i64()
        .expect("time");
    let ahead = passes["use-effect/inbox-title"]["passedAt"]
        .as_i64()
        .expect("time");
    assert!(
        (before..=after).contains(&in_1970),
        "{in_1970}: not before the account"
    );
    assert!((before..=after).contains(&ahead), "{ahead}: not after now");
}

async fn the_teachers_table_counts_only_the_tutorials_lessons(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let teacher = app.teacher("teacher@example.com").await;
    let class = app.create_class(&teacher, "BCA 1").await;
    let student = app.signed_in("student@example.com").await;
    app.join_class(&student, class["code"].as_str().expect("code"))
        .await;
    let uid = app.session_user(&student).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned();
    let marked = json!({"lessons": [{"lesson": "intro", "done": true, "changedAt": now_millis()}]});
    assert_eq!(
        app.save_progress(Some(&student), &marked).await.status(),
        StatusCode::OK
    );
    // Marks of made-up lessons, as a server before these checks took them.
    for n in 1..=5 {
        raw_sql::execute(
            app.database_url(),
            &format!(
                "INSERT INTO lesson_marks (account_id, lesson, done, changed_at)
                 VALUES ('{uid}', 'made-up-{n}', TRUE, 1)"
            ),
        )
        .await;
    }
    let table = app
        .class_table(&teacher, class["id"].as_str().expect("id"))
        .await;
    assert_eq!(table["lessons"], json!(["intro"]));
    assert_eq!(
        table["students"][0]["done"].as_array().map(Vec::len),
        Some(1)
    );
}
