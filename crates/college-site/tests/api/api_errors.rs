//! The framework's own error answers under `/api/` (body too large, method not allowed,
//! unknown address, timeout) come in the API's JSON error shape; pages keep theirs.

use std::time::Duration;

use crate::common::{Backend, TestApp, require_built_web_app};
use college_site::progress::MAX_BODY_BYTES;
use reqwest::{StatusCode, header};
use serde_json::Value;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

crate::on_both_backends!(bodies_over_the_limit_get_payload_too_large);

async fn app() -> TestApp {
    TestApp::spawn(Backend::Sqlite, |_| {})
        .await
        .expect("SQLite is always available")
}

/// The status, `error.code` and `error.message` of an answer, after checking that it is the
/// API's JSON error and not cached.
async fn json_error(response: reqwest::Response) -> (StatusCode, String, String) {
    let status = response.status();
    let headers = response.headers().clone();
    assert_eq!(
        headers[header::CONTENT_TYPE],
        "application/json",
        "{status}: {headers:?}"
    );
    assert_eq!(headers[header::CACHE_CONTROL], "no-store", "{status}");
    let body: Value = response.json().await.expect("json body");
    let error = body["error"].as_object().expect("an error object");
    for key in ["code", "message", "field", "retryAfter"] {
        assert!(error.contains_key(key), "{key} in {body}");
    }
    (
        status,
        error["code"].as_str().expect("code").to_owned(),
        error["message"].as_str().expect("message").to_owned(),
    )
}

/// Sends `head` (the request line and headers, without the blank line) and `body` over a raw
/// connection, and answers the status and body of the answer, parsed by hand: for requests
/// reqwest does not send (a body cut short, a chunked body).
async fn raw(app: &TestApp, head: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(app.base.trim_start_matches("http://"))
        .await
        .expect("connects");
    let request = format!(
        "{head}\r\nHost: {}\r\nOrigin: {}\r\nConnection: close\r\n\r\n",
        app.base.trim_start_matches("http://"),
        app.base
    );
    stream.write_all(request.as_bytes()).await.expect("head");
    stream.write_all(body).await.expect("body");
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .expect("answered within 10 s")
        .expect("read");
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {answer}"));
    (status, answer)
}

async fn bodies_over_the_limit_get_payload_too_large(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let post = |path: &str, body: Vec<u8>| {
        app.client
            .post(app.url(path))
            .header("origin", &app.base)
            .header(header::COOKIE, &cookie)
            .header(header::CONTENT_TYPE, "application/json")
            .body(body)
            .send()
    };

    let mut over = br#"{"files": [], "padding": ""#.to_vec();
    over.resize(MAX_BODY_BYTES + 1, b' ');
    let (status, code, message) =
        json_error(post("/api/progress", over).await.expect("sent")).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(code, "payload-too-large");
    assert_eq!(message, "The request is too large: the limit is 1 MB.");

    let login = post("/api/auth/login", vec![b' '; 100 * 1024])
        .await
        .expect("sent");
    let (status, code, message) = json_error(login).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(code, "payload-too-large");
    assert_eq!(message, "The request is too large: the limit is 64 KB.");

    // Without Content-Length the body is cut off as it is read: the same answer.
    let chunk = vec![b' '; 100 * 1024];
    let mut chunked = format!("{:x}\r\n", chunk.len()).into_bytes();
    chunked.extend_from_slice(&chunk);
    chunked.extend_from_slice(b"\r\n0\r\n\r\n");
    let (status, answer) = raw(
        &app,
        "POST /api/auth/login HTTP/1.1\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked",
        &chunked,
    )
    .await;
    assert_eq!(status, 413, "{answer}");
    assert!(answer.contains(r#""code":"payload-too-large""#), "{answer}");
    assert!(answer.contains("the limit is 64 KB"), "{answer}");

    // A signed-in account is still there and its progress untouched.
    let progress = app.progress_of(&cookie, "use-state").await;
    assert_eq!(progress["files"], serde_json::json!([]));
    app.stop().await;
}

#[tokio::test]
async fn a_method_the_api_address_does_not_take_gets_405_with_allow() {
    let app = app().await;
    let response = app
        .client
        .put(app.url("/api/auth/login"))
        .header("origin", &app.base)
        .header(header::CONTENT_TYPE, "application/json")
        .body("{}")
        .send()
        .await
        .expect("sent");
    let allow = response.headers()[header::ALLOW]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(allow.contains("POST"), "{allow}");
    let (status, code, message) = json_error(response).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(code, "method-not-allowed");
    assert!(message.contains("PUT"), "{message}");

    let response = app
        .client
        .delete(app.url("/api/progress"))
        .send()
        .await
        .expect("sent");
    assert!(response.headers().contains_key(header::ALLOW));
    let (status, code, _) = json_error(response).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, "method-not-allowed")
    );
    app.stop().await;
}

#[tokio::test]
async fn an_unknown_api_address_gets_404_in_json_whatever_the_method() {
    let app = app().await;
    for request in [
        app.client.get(app.url("/api/nope")),
        app.client.get(app.url("/api")),
        app.client.get(app.url("/api/auth/login/extra")),
        app.client
            .post(app.url("/api/nope"))
            .header("origin", &app.base)
            .header(header::CONTENT_TYPE, "application/json")
            .body("{}"),
    ] {
        let (status, code, message) = json_error(request.send().await.expect("sent")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(code, "not-found");
        assert!(!message.is_empty());
    }
    app.stop().await;
}

#[tokio::test]
async fn pages_outside_the_api_keep_their_html_answers() {
    require_built_web_app();
    let app = app().await;
    for path in ["/no-such-page", "/apis", "/about/api/nope"] {
        let response = app.client.get(app.url(path)).send().await.expect("sent");
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(
            response.headers()[header::CONTENT_TYPE]
                .to_str()
                .expect("ascii")
                .starts_with("text/html"),
            "{path}"
        );
        assert!(
            response
                .text()
                .await
                .expect("body")
                .contains("Error404 Page"),
            "{path}"
        );
    }
    let response = app
        .client
        .post(app.url("/react/props"))
        .body("x")
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(response.headers()[header::ALLOW], "GET, HEAD");
    assert!(response.headers().get(header::CONTENT_TYPE).is_none());
    app.stop().await;
}

#[tokio::test]
async fn a_request_slower_than_the_timeout_gets_408_in_json() {
    let app = TestApp::spawn(Backend::Sqlite, |config| {
        config.limits.request_timeout = Duration::from_millis(300);
    })
    .await
    .expect("app");
    // The body announced is never finished: the handler waits for it until the timeout.
    let (status, answer) = raw(
        &app,
        "POST /api/auth/login HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 100",
        br#"{"email": "#,
    )
    .await;
    assert_eq!(status, 408, "{answer}");
    assert!(answer.contains(r#""code":"request-timeout""#), "{answer}");
    assert!(
        answer
            .to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{answer}"
    );
    app.stop().await;
}
