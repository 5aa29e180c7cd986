//! `/api/progress` over the real HTTP API: who may use it and what it refuses, on SQLite and
//! on PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, error_of},
    progress_api::{file_json, files_body},
};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    reading_and_saving_need_a_session,
    saves_need_our_origin_and_json,
    invalid_input_is_refused_in_plain_words,
    no_text_may_hold_a_nul_character,
    progress_calls_do_not_use_up_the_sign_in_limit,
);

const T: i64 = 1_700_000_000_000;
const NOT_SIGNED_IN: &str = "Sign in to keep your progress in your account.";

async fn reading_and_saving_need_a_session(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let body = files_body(vec![file_json("counter", Some("x"), T)]);
    let cookie = app.student("asha@example.com").await;
    let logout = app
        .client
        .post(app.url("/api/auth/logout"))
        .header("origin", &app.base)
        .header(header::COOKIE, &cookie)
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(logout.status(), StatusCode::OK);

    for cookie in [None, Some(cookie.as_str()), Some("session=made-up")] {
        let read = app.read_progress(cookie, "?lesson=use-state").await;
        assert_eq!(read.headers()[header::CACHE_CONTROL], "no-store");
        let (status, code, message) = error_of(read).await;
        assert_eq!(
            (status, code.as_str(), message.as_str()),
            (StatusCode::UNAUTHORIZED, "not-signed-in", NOT_SIGNED_IN),
            "{cookie:?}"
        );
        let (status, code, message) = error_of(app.save_progress(cookie, &body).await).await;
        assert_eq!(
            (status, code.as_str(), message.as_str()),
            (StatusCode::UNAUTHORIZED, "not-signed-in", NOT_SIGNED_IN),
            "{cookie:?}"
        );
    }
    app.stop().await;
}

async fn saves_need_our_origin_and_json(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let post = || {
        app.client
            .post(app.url("/api/progress"))
            .header(header::COOKIE, &cookie)
    };
    let cross = post()
        .header("origin", "https://elsewhere.example")
        .json(&files_body(vec![file_json("counter", Some("x"), T)]))
        .send()
        .await
        .expect("sent");
    let (status, code, _) = error_of(cross).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "cross-origin")
    );

    let form = post()
        .header("origin", &app.base)
        .form(&[("files", "[]")])
        .send()
        .await
        .expect("sent");
    assert_eq!(form.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

    for broken in [
        "{not json",
        r#"{"files": "many"}"#,
        r#"{"files": [{"editedAt": 1.5}]}"#,
    ] {
        let response = post()
            .header("origin", &app.base)
            .header(header::CONTENT_TYPE, "application/json")
            .body(broken)
            .send()
            .await
            .expect("sent");
        assert!(
            response.status().is_client_error(),
            "{broken}: {}",
            response.status()
        );
    }
    let progress = app.progress_of(&cookie, "use-state").await;
    assert_eq!(progress["files"], json!([]), "nothing written");
    app.stop().await;
}

async fn invalid_input_is_refused_in_plain_words(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let good = file_json("counter", Some("x"), T);
    let with = |key: &str, value: Value| {
        let mut file = good.clone();
        file[key] = value;
        files_body(vec![good.clone(), file])
    };
    let mut no_code = good.clone();
    no_code.as_object_mut().expect("object").remove("code");
    let many_files: serde_json::Map<_, _> =
        (0..11).map(|n| (format!("f{n}.js"), json!("x"))).collect();
    let cases = [
        (
            with("lesson", json!("State")),
            "Saved file 2: a lesson name",
        ),
        (with("lesson", json!("")), "Saved file 2: a lesson name"),
        (with("demo", json!("a\nb")), "Saved file 2: a demo name"),
        (
            with("demo", json!("d".repeat(201))),
            "Saved file 2: a demo name",
        ),
        (
            with("file", json!("f".repeat(101))),
            "Saved file 2: a file name",
        ),
        (with("base", json!("b".repeat(65))), "base is at most 64"),
        (with("editedAt", json!(0)), "editedAt must be a time"),
        (with("editedAt", json!(-5)), "editedAt must be a time"),
        (files_body(vec![no_code]), "code must be given"),
        (
            files_body(vec![good.clone(); 101]),
            "Send at most 100 saved files at once.",
        ),
        (
            json!({"lessons": [{"lesson": "use-state", "changedAt": T}]}),
            "Lesson mark 1: done must be true or false.",
        ),
        (
            json!({"lessons": [{"lesson": "use-state", "done": true}]}),
            "Lesson mark 1: changedAt must be a time",
        ),
        (
            json!({"passes": [{"challenge": "State counter", "passedAt": T}]}),
            "Challenge pass 1: a challenge name",
        ),
        (
            json!({"passes": [{"challenge": "use-state/click-counter", "passedAt": T, "files": many_files}]}),
            "a pass can keep at most 10 files",
        ),
    ];
    for (body, expected) in cases {
        let (status, code, message) = error_of(app.save_progress(Some(&cookie), &body).await).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid-input"),
            "{message}"
        );
        assert!(message.contains(expected), "{message} / {expected}");
    }
    let progress = app.progress_of(&cookie, "use-state").await;
    assert_eq!(progress["files"], json!([]), "nothing written");

    let queries = ["?lesson=State", "?lesson=", "?lesson=a%2Fb", "?lesson=%FF"];
    for query in queries {
        let (status, code, message) = error_of(app.read_progress(Some(&cookie), query).await).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid-input"),
            "{query}"
        );
        assert!(!message.is_empty());
    }
    // A control character in the address is refused before any route reads it.
    let (status, code, _) = error_of(app.read_progress(Some(&cookie), "?lesson=a%00b").await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::BAD_REQUEST, "malformed-request")
    );
    app.stop().await;
}

/// PostgreSQL keeps no NUL in text or JSON: both backends refuse it alike, as invalid input.
async fn no_text_may_hold_a_nul_character(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    let with = |key: &str, value: Value| {
        let mut file = file_json("counter", Some("x"), T);
        file[key] = value;
        files_body(vec![file])
    };
    let pass = |name: &str, code: &str| json!({"passes": [{"challenge": "use-state/click-counter", "passedAt": T, "files": {name: code}}]});
    let cases = [
        (
            with("code", json!("a\u{0}b")),
            "Saved file 1: the code of App.jsx contains a NUL character (\\u0000), which cannot be saved.",
        ),
        (
            with("other", json!({"code": "\u{0}", "editedAt": T})),
            "Saved file 1: the other version of App.jsx contains a NUL character",
        ),
        (
            with("base", json!("b\u{0}")),
            "Saved file 1: base contains a NUL character",
        ),
        (with("demo", json!("d\u{0}")), "Saved file 1: a demo name"),
        (with("file", json!("\u{0}.js")), "Saved file 1: a file name"),
        (
            with("lesson", json!("st\u{0}ate")),
            "Saved file 1: a lesson name",
        ),
        (
            json!({"lessons": [{"lesson": "st\u{0}ate", "done": true, "changedAt": T}]}),
            "Lesson mark 1: a lesson name",
        ),
        (
            json!({"passes": [{"challenge": "state/\u{0}", "passedAt": T}]}),
            "Challenge pass 1: a challenge name",
        ),
        (pass("App\u{0}.jsx", "x"), "Challenge pass 1: a file name"),
        (
            pass("click-counter.tsx", "\u{0}"),
            "Challenge pass 1: the code of click-counter.tsx contains a NUL character",
        ),
    ];
    for (body, expected) in cases {
        let (status, code, message) = error_of(app.save_progress(Some(&cookie), &body).await).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid-input"),
            "{message}"
        );
        assert!(message.starts_with(expected), "{message} / {expected}");
    }
    // Nothing was written, and the server answers as before.
    assert_eq!(
        app.progress_of(&cookie, "use-state").await,
        json!({"lessons": {}, "passes": {}, "files": []})
    );
    let saved = app
        .saved_files(&cookie, &with("code", json!("after")))
        .await;
    assert_eq!(saved[0]["code"], "after");
    app.stop().await;
}

async fn progress_calls_do_not_use_up_the_sign_in_limit(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 2).await else {
        return;
    };
    let cookie = app.student("asha@example.com").await;
    for n in 0..10 {
        let body = files_body(vec![file_json("counter", Some("x"), T + n)]);
        app.saved_files(&cookie, &body).await;
        app.progress_of(&cookie, "use-state").await;
    }
    let login = app.login("asha@example.com", PASSWORD).await;
    assert_eq!(login.status(), StatusCode::OK);
    app.stop().await;
}
