//! "Forgot your password?" over the real HTTP API, with a real SMTP server, on SQLite and on
//! PostgreSQL (when TEST_DATABASE_URL is set).

use std::time::Duration;

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, error_of, session_cookie},
    smtp::{ReceivedMail, SmtpServer},
};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(
    a_mailed_link_sets_a_new_password_once_and_signs_out_everywhere,
    unknown_emails_get_the_same_answer_and_no_mail,
    links_per_account_are_limited,
    asking_again_ends_the_link_sent_before,
    without_a_known_address_no_reset_mail_is_offered,
);

const MAIL_WAIT: Duration = Duration::from_secs(15);
const NEW_PASSWORD: &str = "library-steps-at-dawn";
const LINK_SENT: &str = "If an account uses that email address, we have sent it a link to choose a new password. The link works for one hour.";

impl TestApp {
    async fn ask_for_reset(&self, email: &str) -> Response {
        self.api("/api/auth/password-reset", json!({ "email": email }))
            .await
    }
}

/// The reset mails received so far, leaving out the verification mail every registration sends.
fn reset_mails(smtp: &SmtpServer) -> Vec<ReceivedMail> {
    smtp.received()
        .into_iter()
        .filter(|mail| mail.header("Subject").as_deref() == Some("Choose a new password"))
        .collect()
}

/// Waits until `count` reset mails have arrived; returns them.
async fn wait_for_resets(smtp: &SmtpServer, count: usize) -> Vec<ReceivedMail> {
    crate::common::eventually(MAIL_WAIT, || async {
        let mails = reset_mails(smtp);
        (mails.len() >= count).then_some(mails)
    })
    .await
    .unwrap_or_else(|| panic!("expected {count} reset mail(s), got {:?}", smtp.received()))
}

/// The token in the mail's link, after checking that the link leads to this site's reset page.
fn token_in(app: &TestApp, mail: &ReceivedMail) -> String {
    let body = mail.body_text();
    let prefix = format!("{}/login/reset#token=", app.base);
    let start = body
        .find(&prefix)
        .unwrap_or_else(|| panic!("no link in {body}"))
        + prefix.len();
    body[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

async fn a_mailed_link_sets_a_new_password_once_and_signs_out_everywhere(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = TestApp::spawn(backend, |c| c.smtp_url = Some(smtp.url().into())).await else {
        return;
    };
    let registered = app.register("Asha Rao", "asha.rao@example.com").await;
    assert_eq!(registered.status(), StatusCode::CREATED);
    let (old_cookie, _) = session_cookie(&registered);

    let asked = app.ask_for_reset("  Asha.Rao@Example.com ").await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
    assert_eq!(
        asked.json::<Value>().await.expect("json")["message"],
        LINK_SENT
    );

    let mail = wait_for_resets(&smtp, 1).await.remove(0);
    assert_eq!(mail.envelope_to, ["asha.rao@example.com"]);
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Choose a new password")
    );
    assert_eq!(
        mail.header("Reply-To").as_deref(),
        Some("\"Admissions Office\" <office@college.test>")
    );
    assert!(
        // Not greeted by name: the address is not proved yet (see hardening/mails.rs).
        mail.body_text().starts_with("Hello,"),
        "{}",
        mail.body_text()
    );
    let token = token_in(&app, &mail);
    assert!(token.len() >= 43, "256 random bits: {token}");

    let check = app
        .api("/api/auth/password-reset/check", json!({ "token": token }))
        .await;
    assert_eq!(check.json::<Value>().await.expect("json")["valid"], true);

    // A refused password names the rule, and the link still works afterwards.
    let weak = app
        .api(
            "/api/auth/password-reset/confirm",
            json!({ "token": token, "password": "short" }),
        )
        .await;
    let (status, code, message) = error_of(weak).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "invalid-input")
    );
    assert!(message.contains("at least 8 characters"), "{message}");

    let reset = app
        .api(
            "/api/auth/password-reset/confirm",
            json!({ "token": token, "password": NEW_PASSWORD }),
        )
        .await;
    assert_eq!(reset.status(), StatusCode::OK);
    let (new_cookie, _) = session_cookie(&reset);
    assert_eq!(
        app.session_user(&new_cookie).await["displayName"],
        "Asha Rao"
    );
    assert_eq!(
        app.session_user(&old_cookie).await,
        Value::Null,
        "signed out elsewhere"
    );

    assert_eq!(
        app.login("asha.rao@example.com", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login("asha.rao@example.com", NEW_PASSWORD)
            .await
            .status(),
        StatusCode::OK
    );

    // The link works once.
    let again = app
        .api(
            "/api/auth/password-reset/confirm",
            json!({ "token": token, "password": "another-new-password" }),
        )
        .await;
    let (status, code, message) = error_of(again).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::GONE, "reset-link-invalid")
    );
    assert_eq!(
        message,
        "This link to choose a new password has expired or was already used. Ask for a new one."
    );
    let check = app
        .api("/api/auth/password-reset/check", json!({ "token": token }))
        .await;
    let (status, code, _) = error_of(check).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::GONE, "reset-link-invalid")
    );
    app.stop().await;
}

async fn unknown_emails_get_the_same_answer_and_no_mail(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = TestApp::spawn(backend, |c| c.smtp_url = Some(smtp.url().into())).await else {
        return;
    };
    let unknown = app.ask_for_reset("nobody@example.com").await;
    assert_eq!(unknown.status(), StatusCode::ACCEPTED);
    assert_eq!(
        unknown.json::<Value>().await.expect("json")["message"],
        LINK_SENT
    );

    let malformed = app.ask_for_reset("not an email").await;
    let (status, code, _) = error_of(malformed).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "invalid-input")
    );

    // Mail is delivered in order: once the known account's mail is in, nothing came before it.
    assert_eq!(
        app.register("Ravi Kumar", "ravi@example.com")
            .await
            .status(),
        StatusCode::CREATED
    );
    assert_eq!(
        app.ask_for_reset("ravi@example.com").await.status(),
        StatusCode::ACCEPTED
    );
    wait_for_resets(&smtp, 1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let received = reset_mails(&smtp);
    assert_eq!(received.len(), 1, "{received:?}");
    assert_eq!(received[0].envelope_to, ["ravi@example.com"]);
    app.stop().await;
}

async fn links_per_account_are_limited(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = TestApp::spawn(backend, |c| c.smtp_url = Some(smtp.url().into())).await else {
        return;
    };
    assert_eq!(
        app.register("Asha Rao", "asha@example.com").await.status(),
        StatusCode::CREATED
    );
    for _ in 0..4 {
        let asked = app.ask_for_reset("asha@example.com").await;
        assert_eq!(
            asked.status(),
            StatusCode::ACCEPTED,
            "the same answer every time"
        );
    }
    wait_for_resets(&smtp, 3).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(reset_mails(&smtp).len(), 3, "three links an hour at most");
    app.stop().await;
}

async fn asking_again_ends_the_link_sent_before(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = TestApp::spawn(backend, |c| c.smtp_url = Some(smtp.url().into())).await else {
        return;
    };
    assert_eq!(
        app.register("Asha Rao", "asha@example.com").await.status(),
        StatusCode::CREATED
    );
    // The link is stored after the answer: wait for the first mail before asking again.
    assert_eq!(
        app.ask_for_reset("asha@example.com").await.status(),
        StatusCode::ACCEPTED
    );
    let first = token_in(&app, &wait_for_resets(&smtp, 1).await[0]);
    assert_eq!(
        app.ask_for_reset("asha@example.com").await.status(),
        StatusCode::ACCEPTED
    );
    let second = token_in(&app, &wait_for_resets(&smtp, 2).await[1]);
    assert_ne!(first, second);

    // The first link is refused as a used one is, and changes nothing.
    let check = app
        .api("/api/auth/password-reset/check", json!({ "token": first }))
        .await;
    let (status, code, _) = error_of(check).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::GONE, "reset-link-invalid")
    );
    let refused = app
        .api(
            "/api/auth/password-reset/confirm",
            json!({ "token": first, "password": NEW_PASSWORD }),
        )
        .await;
    let (status, code, message) = error_of(refused).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::GONE, "reset-link-invalid")
    );
    assert_eq!(
        message,
        "This link to choose a new password has expired or was already used. Ask for a new one."
    );
    assert_eq!(
        app.login("asha@example.com", PASSWORD).await.status(),
        StatusCode::OK,
        "the password is unchanged"
    );

    // The newest link works.
    let reset = app
        .api(
            "/api/auth/password-reset/confirm",
            json!({ "token": second, "password": NEW_PASSWORD }),
        )
        .await;
    assert_eq!(reset.status(), StatusCode::OK);
    assert_eq!(
        app.login("asha@example.com", NEW_PASSWORD).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.login("asha@example.com", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    app.stop().await;
}

async fn without_a_known_address_no_reset_mail_is_offered(backend: Backend) {
    // Listening on every interface with no PUBLIC_URL: the server cannot know its own address,
    // and will not guess it from a request's Host header.
    let Some(app) = TestApp::spawn(backend, |c| {
        c.listen = "0.0.0.0:0".parse().expect("address");
        c.public_origin = None;
    })
    .await
    else {
        return;
    };
    assert_eq!(
        app.register("Asha Rao", "asha@example.com").await.status(),
        StatusCode::CREATED
    );
    let (status, code, message) = error_of(app.ask_for_reset("asha@example.com").await).await;
    assert_eq!(
        (status, code.as_str()),
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "password-reset-unavailable"
        )
    );
    assert!(message.contains("contact the college office"), "{message}");
    app.stop().await;
}
