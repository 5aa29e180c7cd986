//! `/api/progress` over the real HTTP API: the size of saved code, the number of edited files
//! per account and the size of a request, on SQLite and on PostgreSQL (when TEST_DATABASE_URL
//! is set).

mod common;

use college_site::progress::MAX_BODY_BYTES;
use common::{
    Backend, TestApp,
    auth_api::error_of,
    progress_api::{file_json, files_body},
};
use reqwest::{StatusCode, header};
use serde_json::json;

on_both_backends!(
    code_over_20_kb_is_refused_and_20_kb_is_kept,
    an_account_keeps_at_most_500_edited_files,
    a_request_over_the_progress_limit_gets_413,
);

const T: i64 = 1_700_000_000_000;
const KB_20: usize = 20 * 1024;

async fn code_over_20_kb_is_refused_and_20_kb_is_kept(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let too_large = "x".repeat(KB_20 + 1);
    let mut other_too_large = file_json("toggle", Some("x"), T);
    other_too_large["other"] = json!({"code": too_large, "editedAt": T});
    let cases = [
        (
            files_body(vec![
                file_json("toggle", Some("fine"), T),
                file_json("counter", Some(&too_large), T),
            ]),
            "App.jsx",
        ),
        (files_body(vec![other_too_large]), "App.jsx"),
        (
            json!({"passes": [{"challenge": "state/counter", "passedAt": T,
                               "files": {"styles.css": too_large}}]}),
            "styles.css",
        ),
    ];
    for (body, name) in cases {
        let (status, code, message) = error_of(app.save_progress(Some(&cookie), &body).await).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::PAYLOAD_TOO_LARGE, "file-too-large")
        );
        assert_eq!(
            message,
            format!(
                "{name} is too large to keep in your account: a saved file can be at most 20 KB. It is still kept in this browser."
            )
        );
    }
    let progress = app.progress_of(&cookie, "state").await;
    assert_eq!(progress["files"], json!([]), "nothing written");
    assert_eq!(progress["passes"], json!({}), "nothing written");

    // 20 KB exactly is kept, counted in bytes of UTF-8, whatever JSON makes of it.
    let contents = [
        "x".repeat(KB_20),
        "\"".repeat(KB_20),
        "\n".repeat(KB_20),
        "\u{1}".repeat(KB_20),
        "é".repeat(KB_20 / 2),
    ];
    for (n, code) in contents.iter().enumerate() {
        let demo = format!("demo-{n}");
        let mut body = file_json(&demo, Some(code), T);
        body["other"] = json!({"code": code, "editedAt": T - 1});
        let saved = app.saved_files(&cookie, &files_body(vec![body])).await;
        assert_eq!(saved[0]["code"].as_str(), Some(code.as_str()), "{demo}");
        assert_eq!(saved[0]["other"]["code"].as_str(), Some(code.as_str()));
    }
    let progress = app.progress_of(&cookie, "state").await;
    assert_eq!(progress["files"].as_array().expect("files").len(), 5);
    let code_over_3_bytes = "€".repeat(KB_20 / 3 + 1);
    let response = app
        .save_progress(
            Some(&cookie),
            &files_body(vec![file_json("euro", Some(&code_over_3_bytes), T)]),
        )
        .await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    app.stop().await;
}

async fn an_account_keeps_at_most_500_edited_files(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    for batch in 0..5 {
        let files = (0..100)
            .map(|n| file_json(&format!("demo-{batch}-{n}"), Some("x"), T))
            .collect();
        app.saved_files(&cookie, &files_body(files)).await;
    }
    let one_more = files_body(vec![
        file_json("demo-0-0", Some("changed"), T + 1),
        file_json("demo-5-0", Some("x"), T),
    ]);
    let (status, code, message) = error_of(app.save_progress(Some(&cookie), &one_more).await).await;
    assert_eq!(
        (status, code.as_str(), message.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "too-many-files",
            "Your account can keep at most 500 edited files. Reset demos you no longer need, then try again."
        )
    );
    let progress = app.progress_of(&cookie, "state").await;
    let files = progress["files"].as_array().expect("files");
    assert_eq!(files.len(), 500);
    assert!(
        files.iter().all(|file| file["code"] == "x"),
        "nothing written"
    );

    // A reset frees a place.
    let reset_then_add = files_body(vec![
        file_json("demo-0-0", None, T + 1),
        file_json("demo-5-0", Some("x"), T),
    ]);
    app.saved_files(&cookie, &reset_then_add).await;
    app.stop().await;
}

async fn a_request_over_the_progress_limit_gets_413(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    // Larger than the site's limit of 64 KB, within the progress limit.
    let escaped = "\u{1}".repeat(KB_20);
    let mut file = file_json("counter", Some(&escaped), T);
    file["other"] = json!({"code": escaped, "editedAt": T - 1});
    let body = serde_json::to_vec(&files_body(vec![file])).expect("json");
    assert!(body.len() > 200 * 1024 && body.len() < MAX_BODY_BYTES);
    let post = |body: Vec<u8>| {
        app.client
            .post(app.url("/api/progress"))
            .header("origin", &app.base)
            .header(header::COOKIE, &cookie)
            .header(header::CONTENT_TYPE, "application/json")
            .body(body)
            .send()
    };
    assert_eq!(post(body).await.expect("sent").status(), StatusCode::OK);

    let mut over = br#"{"files": [], "padding": ""#.to_vec();
    over.resize(MAX_BODY_BYTES + 1, b' ');
    let response = post(over).await.expect("sent");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);

    // The rest of the site keeps its own limit.
    let login = app
        .client
        .post(app.url("/api/auth/login"))
        .header("origin", &app.base)
        .header(header::CONTENT_TYPE, "application/json")
        .body(vec![b' '; 100 * 1024])
        .send()
        .await
        .expect("sent");
    assert_eq!(login.status(), StatusCode::PAYLOAD_TOO_LARGE);
    app.stop().await;
}
