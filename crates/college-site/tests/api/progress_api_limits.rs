//! `/api/progress` over the real HTTP API: the size of saved code, the number of edited files
//! per account and the size of a request, on SQLite and on PostgreSQL (when TEST_DATABASE_URL
//! is set). The caps on passes and marks (200 each) are the store's, tested in
//! `store_progress_limits.rs`: through the API an account can hold only the tutorial's own
//! challenges and lessons, far fewer.

use crate::common::{
    Backend, TestApp,
    auth_api::error_of,
    progress_api::{file_json, files_body},
};
use college_site::progress::{
    MAX_BODY_BYTES,
    limits::{ACCOUNT_BYTES, SAVES_BURST},
};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    code_over_20_kb_is_refused_and_20_kb_is_kept,
    an_account_keeps_at_most_500_edited_files,
    a_request_over_the_progress_limit_gets_413,
    an_account_keeps_at_most_2_mb_and_loses_nothing_past_it,
    saves_past_the_allowance_wait_as_retry_after_says,
);

const T: i64 = 1_700_000_000_000;
const KB_20: usize = 20 * 1024;

async fn code_over_20_kb_is_refused_and_20_kb_is_kept(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
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
            json!({"passes": [{"challenge": "use-state/click-counter", "passedAt": T,
                               "files": {"click-counter.tsx": too_large}}]}),
            "click-counter.tsx",
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
    let progress = app.progress_of(&cookie, "use-state").await;
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
    let progress = app.progress_of(&cookie, "use-state").await;
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
    let cookie = app.student("asha@example.com").await;
    // 499 edited files and a reset that keeps another version, which counts too.
    let mut reset_with_other = file_json("demo-0-0", None, T);
    reset_with_other["other"] = json!({"code": "theirs", "editedAt": T - 1});
    for batch in 0..5 {
        let files = (0..100)
            .map(|n| match (batch, n) {
                (0, 0) => reset_with_other.clone(),
                _ => file_json(&format!("demo-{batch}-{n}"), Some("x"), T),
            })
            .collect();
        app.saved_files(&cookie, &files_body(files)).await;
    }
    let one_more = files_body(vec![
        file_json("demo-0-1", Some("changed"), T + 1),
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
    let progress = app.progress_of(&cookie, "use-state").await;
    let files = progress["files"].as_array().expect("files");
    assert_eq!(files.len(), 500);
    assert!(
        files[1..].iter().all(|file| file["code"] == "x"),
        "nothing written"
    );
    // Changing files the account has always goes through.
    let change = files_body(vec![file_json("demo-0-1", Some("changed"), T + 1)]);
    app.saved_files(&cookie, &change).await;

    // A reset frees a place, once no other version is kept either.
    let reset_then_add = files_body(vec![
        file_json("demo-0-1", None, T + 2),
        file_json("demo-5-0", Some("x"), T),
    ]);
    app.saved_files(&cookie, &reset_then_add).await;
    let mut dismiss = file_json("demo-0-0", None, T + 2);
    dismiss["other"] = Value::Null;
    let dismiss_then_add = files_body(vec![dismiss, file_json("demo-5-1", Some("x"), T)]);
    app.saved_files(&cookie, &dismiss_then_add).await;
    let one_more = files_body(vec![file_json("demo-5-2", Some("x"), T)]);
    let (_, code, _) = error_of(app.save_progress(Some(&cookie), &one_more).await).await;
    assert_eq!(code, "too-many-files");
    app.stop().await;
}

async fn a_request_over_the_progress_limit_gets_413(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
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
    assert_eq!(
        error_of(response).await,
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload-too-large".to_owned(),
            "The request is too large: the limit is 1 MB.".to_owned()
        )
    );

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
    assert_eq!(
        error_of(login).await,
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload-too-large".to_owned(),
            "The request is too large: the limit is 64 KB.".to_owned()
        )
    );
    app.stop().await;
}

/// Past its 2 MB budget an account's save gets 422 `account-storage-full`, with the words the
/// page shows; what the account kept stays, and resetting makes room again.
async fn an_account_keeps_at_most_2_mb_and_loses_nothing_past_it(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let code = "x".repeat(KB_20);
    let batch = |first: usize, count: usize| {
        files_body(
            (first..first + count)
                .map(|n| file_json(&format!("demo-{n}"), Some(&code), T))
                .collect(),
        )
    };
    // 100 files of 20 KB: 2,048,000 bytes, just under 2 MiB (2,097,152).
    for first in [0, 40, 80] {
        let count = if first == 80 { 20 } else { 40 };
        app.saved_files(&cookie, &batch(first, count)).await;
    }
    assert!(100 * KB_20 as i64 <= ACCOUNT_BYTES);

    let over = app.save_progress(Some(&cookie), &batch(100, 3)).await;
    let (status, code_name, message) = error_of(over).await;
    assert_eq!(
        (status, code_name.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "account-storage-full")
    );
    assert_eq!(
        message,
        "Your account is full: it can keep at most 2 MB of code and challenge work. This change is still kept in this browser. Reset demos you no longer need, then try again."
    );
    let files = app.progress_of(&cookie, "use-state").await["files"].clone();
    let files = files.as_array().expect("files");
    assert_eq!(files.len(), 100, "the refused files were not kept");
    assert!(
        files
            .iter()
            .all(|f| f["code"].as_str() == Some(code.as_str()))
    );

    // Resetting three demos makes room for three others.
    let mut room = (0..3)
        .map(|n| file_json(&format!("demo-{n}"), None, T + 1))
        .collect::<Vec<_>>();
    room.extend((100..103).map(|n| file_json(&format!("demo-{n}"), Some(&code), T + 1)));
    app.saved_files(&cookie, &files_body(room)).await;
    app.stop().await;
}

/// A script saving as fast as it can gets 429 with `Retry-After` once it has used the account's
/// allowance (a burst of 60); the refused save is not kept, and other accounts save as before.
async fn saves_past_the_allowance_wait_as_retry_after_says(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let save = |n: usize| {
        files_body(vec![file_json(
            "counter",
            Some(&format!("v{n}")),
            T + n as i64,
        )])
    };
    let mut saved = 0;
    let refused = loop {
        let response = app.save_progress(Some(&cookie), &save(saved)).await;
        if response.status() != StatusCode::OK {
            break response;
        }
        saved += 1;
        assert!(saved < 1_000, "no limit on saves");
    };
    assert!(
        saved >= SAVES_BURST as usize,
        "only {saved} saves before the limit"
    );
    let retry_after: u64 = refused.headers()[header::RETRY_AFTER]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!(retry_after >= 1);
    let body: Value = refused.json().await.expect("json");
    assert_eq!(body["error"]["code"], "too-many-saves");
    assert_eq!(body["error"]["retryAfter"], retry_after);
    let kept = app.progress_of(&cookie, "use-state").await;
    assert_eq!(
        kept["files"][0]["code"].as_str(),
        Some(format!("v{}", saved - 1).as_str()),
        "the refused save was not kept"
    );

    let other = app.student("meera@example.com").await;
    app.saved_files(&other, &save(0)).await;
    app.stop().await;
}
