//! The server's logs as a log collector reads them (`--log-format json`): one JSON object a
//! line, one line per request with its id, route template, status and latency, the id on the
//! answer too; and nothing secret in them after a visitor signs in, resets a password, saves
//! progress and writes to the college.

use std::time::Duration;

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, session_cookie},
    email_links::{capture_json_logs, captured_logs},
    progress_api::{file_json, files_body},
    smtp::SmtpServer,
};
use reqwest::StatusCode;
use serde_json::{Value, json};

crate::on_both_backends!(logs_are_json_lines_with_request_ids_and_hold_no_secret);

/// The loopback address the tests' requests come from, as a proxy in front of the server.
fn behind_a_proxy_on_loopback(config: &mut college_site::config::Config) {
    config.trusted_proxies = vec!["127.0.0.0/8".parse().expect("network")];
}

const NEW_PASSWORD: &str = "lantern-by-the-quad-7";
const SAVED_CODE: &str = "export default () => <p>quiet-heron-42</p>;";
const CONTACT_MESSAGE: &str = "Please call me about the hostel: my roll number is 88-fern-31.";

fn token_after(body: &str, prefix: &str) -> String {
    let start = body
        .find(prefix)
        .unwrap_or_else(|| panic!("no link in {body}"))
        + prefix.len();
    body[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

fn request_id(response: &reqwest::Response) -> String {
    response.headers()["x-request-id"]
        .to_str()
        .expect("ascii")
        .to_owned()
}

async fn logs_are_json_lines_with_request_ids_and_hold_no_secret(backend: Backend) {
    capture_json_logs();
    let smtp = SmtpServer::start();
    let Some(app) = TestApp::spawn(backend, |c| {
        c.smtp_url = Some(smtp.url().into());
        behind_a_proxy_on_loopback(c);
    })
    .await
    else {
        return;
    };
    let email = "meera.iyer@example.com";

    let registered = app.register("Meera Iyer", email).await;
    assert_eq!(registered.status(), StatusCode::CREATED);
    let register_id = request_id(&registered);
    assert!(register_id.len() >= 32, "a fresh id: {register_id}");
    let (first_cookie, _) = session_cookie(&registered);

    let login = app.login(email, PASSWORD).await;
    assert_eq!(login.status(), StatusCode::OK);
    let (second_cookie, _) = session_cookie(&login);

    let asked = app
        .api("/api/auth/password-reset", json!({ "email": email }))
        .await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
    let mail = crate::common::eventually(Duration::from_secs(15), || async {
        smtp.received()
            .into_iter()
            .find(|mail| mail.header("Subject").as_deref() == Some("Choose a new password"))
    })
    .await
    .expect("the reset mail arrives");
    let link_prefix = format!("{}/login/reset#token=", app.base);
    let token = token_after(&mail.body_text(), &link_prefix);
    let reset = app
        .api(
            "/api/auth/password-reset/confirm",
            json!({ "token": token, "password": NEW_PASSWORD }),
        )
        .await;
    assert_eq!(reset.status(), StatusCode::OK);
    let (third_cookie, _) = session_cookie(&reset);

    let now = college_site::store::now_millis();
    let saved = app
        .save_progress(
            Some(&third_cookie),
            &files_body(vec![file_json("counter", Some(SAVED_CODE), now)]),
        )
        .await;
    assert_eq!(saved.status(), StatusCode::OK);

    let mut form = crate::common::valid_form();
    form.retain(|(name, _)| *name != "message");
    form.push(("message", CONTACT_MESSAGE));
    let sent = app.post_contact(&form).await;
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);

    // A request id a trusted proxy in front set is kept, so its lines and ours join up.
    let page = app
        .client
        .get(app.url("/react/props"))
        .header("x-request-id", "proxy-7f3a")
        .send()
        .await
        .expect("sent");
    assert_eq!(request_id(&page), "proxy-7f3a");
    crate::common::eventually(Duration::from_secs(15), || async {
        (smtp.received().len() >= 3).then_some(())
    })
    .await
    .expect("the contact mail arrives");
    // Health checks, which machines ask every few seconds, are logged below info.
    let probe = app
        .client
        .get(app.url("/readyz"))
        .send()
        .await
        .expect("sent");
    let probe_id = request_id(&probe);
    app.stop().await;

    let logs = captured_logs();
    let lines: Vec<Value> = logs
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let finished = |id: &str| {
        lines
            .iter()
            .find(|line| line["message"] == "request finished" && line["span"]["request_id"] == id)
            .unwrap_or_else(|| panic!("no line for request {id} in:\n{logs}"))
            .clone()
    };
    let line = finished(&register_id);
    assert_eq!(line["level"], "INFO");
    assert_eq!(line["status"], 201);
    assert_eq!(line["span"]["method"], "POST");
    assert_eq!(line["span"]["route"], "/api/auth/register");
    assert!(
        line["latency_ms"].as_f64().is_some_and(|ms| ms > 0.0),
        "{line}"
    );
    assert!(
        line["timestamp"].is_string() && line["target"].is_string(),
        "{line}"
    );
    // What a handler logs while it works names the request too.
    assert!(
        lines
            .iter()
            .any(|line| line["message"] == "account registered"
                && line["span"]["request_id"] == register_id.as_str()),
        "{logs}"
    );
    // Pages are logged without their address.
    let page_line = finished("proxy-7f3a");
    assert_eq!(page_line["span"]["route"], "fallback");
    let probe_line = finished(&probe_id);
    assert_eq!(probe_line["level"], "DEBUG");
    assert_eq!(probe_line["span"]["route"], "/readyz");

    let cookie_value = |pair: &str| pair.split_once('=').expect("name=value").1.to_owned();
    let secrets = [
        ("the first password", PASSWORD.to_owned()),
        ("the new password", NEW_PASSWORD.to_owned()),
        ("the reset token", token.clone()),
        ("the reset link", link_prefix.clone()),
        ("a session cookie", cookie_value(&first_cookie)),
        ("a session cookie", cookie_value(&second_cookie)),
        ("a session cookie", cookie_value(&third_cookie)),
        ("the saved code", "quiet-heron-42".to_owned()),
        ("the contact message", "88-fern-31".to_owned()),
        ("the reset mail's text", "hopefully you".to_owned()),
    ];
    for (what, secret) in secrets {
        assert!(!logs.contains(&secret), "{what} is in the logs:\n{logs}");
    }
    // The check reads real lines: what the test did is there.
    assert!(logs.contains("/api/auth/password-reset/confirm"), "{logs}");
    assert!(logs.contains("/api/progress"), "{logs}");
}

/// Only a trusted proxy sets a request's id, and only one that reads as an id: anything else
/// a client sends is replaced by a new one.
#[tokio::test]
async fn a_request_id_is_taken_only_from_a_trusted_proxy_and_only_when_plain() {
    async fn id_for(app: &TestApp, sent: &str) -> String {
        let page = app
            .client
            .get(app.url("/react/props"))
            .header("x-request-id", sent)
            .send()
            .await
            .expect("sent");
        assert_eq!(page.status(), StatusCode::OK);
        request_id(&page)
    }
    let fresh = |id: &str| id.len() == 36 && id.split('-').count() == 5;

    let direct = TestApp::spawn(Backend::Sqlite, |_| {})
        .await
        .expect("SQLite is always available");
    let id = id_for(&direct, "proxy-7f3a").await;
    assert!(fresh(&id), "a visitor's own id is replaced: {id}");
    direct.stop().await;

    let proxied = TestApp::spawn(Backend::Sqlite, behind_a_proxy_on_loopback)
        .await
        .expect("SQLite is always available");
    assert_eq!(id_for(&proxied, "proxy-7f3a").await, "proxy-7f3a");
    for odd in ["two words", "quote\"here", &"a".repeat(129)] {
        let id = id_for(&proxied, odd).await;
        assert!(fresh(&id), "{odd:?} is replaced: {id}");
    }
    proxied.stop().await;
}
