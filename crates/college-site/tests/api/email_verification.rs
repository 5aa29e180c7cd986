//! Confirming the email address of an account over the real HTTP API, with a real SMTP server,
//! on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set). Changes of address are in
//! `email_change.rs`.

use std::time::Duration;

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, error_of, session_cookie},
    email_links::{capture_logs, captured_logs, link_token, mails_to},
    smtp::SmtpServer,
};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    the_registration_mail_verifies_the_address_once,
    resending_answers_the_same_and_sends_at_most_three_links_an_hour,
    malformed_requests_get_a_clear_answer_never_a_server_error,
);

const MAIL_WAIT: Duration = Duration::from_secs(15);
const RESENT: &str = "If an email address of yours is waiting to be confirmed, we have sent a new link to it. The link works for 24 hours. If no mail arrives within a few minutes, look in your spam folder.";
const LINK_INVALID: &str = "This link has expired or was already used. Sign in and ask for a new one on your account page.";

async fn app_with_mail(backend: Backend, smtp: &SmtpServer) -> Option<TestApp> {
    let url = smtp.url();
    TestApp::spawn(backend, move |c| {
        c.smtp_url = Some(url.into());
        c.limits.auth_per_minute = 100;
    })
    .await
}

async fn the_registration_mail_verifies_the_address_once(backend: Backend) {
    capture_logs();
    let smtp = SmtpServer::start();
    let Some(app) = app_with_mail(backend, &smtp).await else {
        return;
    };
    let registered = app.register("Asha Rao", "Asha.Rao@example.com").await;
    assert_eq!(registered.status(), StatusCode::CREATED);
    let (cookie, _) = session_cookie(&registered);
    let body: Value = registered.json().await.expect("json");
    assert_eq!(body["user"]["emailVerified"], false);

    let mail = smtp.wait_for(1, MAIL_WAIT).await.remove(0);
    assert_eq!(mail.envelope_to, ["Asha.Rao@example.com"]);
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Confirm your email address")
    );
    assert_eq!(
        mail.header("Reply-To").as_deref(),
        Some("\"Admissions Office\" <office@college.test>")
    );
    let text = mail.body_text();
    // Not greeted by name: the address is not proved yet (see hardening/mails.rs).
    assert!(text.starts_with("Hello,"), "{text}");
    assert!(text.contains("within 24 hours"), "{text}");
    assert!(
        text.contains("If you did not create this account"),
        "{text}"
    );
    let token = link_token(&app, &mail);
    assert!(token.len() >= 43, "256 random bits: {token}");
    assert_eq!(app.session_user(&cookie).await["emailVerified"], false);

    let verified = app.verify_email(&token).await;
    assert_eq!(verified.status(), StatusCode::OK);
    assert_eq!(
        verified.headers()[header::CACHE_CONTROL],
        "no-store",
        "never cached"
    );
    let body: Value = verified.json().await.expect("json");
    assert_eq!(
        body,
        json!({"email": "Asha.Rao@example.com", "changed": false})
    );
    assert_eq!(app.session_user(&cookie).await["emailVerified"], true);
    let login = app.login("asha.rao@example.com", PASSWORD).await;
    let body: Value = login.json().await.expect("json");
    assert_eq!(body["user"]["emailVerified"], true);

    // The link works once; a link nobody sent never works.
    for used_or_unknown in [token.as_str(), "bm90LWEtcmVhbC10b2tlbg", ""] {
        let (status, code, message) = error_of(app.verify_email(used_or_unknown).await).await;
        assert_eq!(
            (status, code.as_str(), message.as_str()),
            (StatusCode::GONE, "verification-link-invalid", LINK_INVALID),
            "{used_or_unknown:?}"
        );
    }

    let logs = captured_logs();
    assert!(logs.contains("email-verified"), "the log is captured");
    assert!(!logs.contains(&token), "the token is never logged");
    app.stop().await;
}

async fn resending_answers_the_same_and_sends_at_most_three_links_an_hour(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = app_with_mail(backend, &smtp).await else {
        return;
    };
    let asha = app.register("Asha Rao", "asha@example.com").await;
    let (asha_cookie, _) = session_cookie(&asha);
    smtp.wait_for(1, MAIL_WAIT).await;
    for _ in 0..3 {
        let resent = app.resend_link(&asha_cookie).await;
        assert_eq!(resent.status(), StatusCode::ACCEPTED);
        let body: Value = resent.json().await.expect("json");
        assert_eq!(body["message"], RESENT, "the same answer every time");
    }
    smtp.wait_for(3, MAIL_WAIT).await;

    // An address already verified gets the same answer, and no mail.
    let ravi = app.register("Ravi Kumar", "ravi@example.com").await;
    let (ravi_cookie, _) = session_cookie(&ravi);
    let received = smtp.wait_for(4, MAIL_WAIT).await;
    let ravi_mail = &mails_to(&received, "ravi@example.com")[0];
    let verified = app.verify_email(&link_token(&app, ravi_mail)).await;
    assert_eq!(verified.status(), StatusCode::OK);
    let resent = app.resend_link(&ravi_cookie).await;
    assert_eq!(resent.status(), StatusCode::ACCEPTED);
    assert_eq!(
        resent.json::<Value>().await.expect("json")["message"],
        RESENT
    );

    tokio::time::sleep(Duration::from_millis(700)).await;
    let received = smtp.received();
    let to_asha = mails_to(&received, "asha@example.com");
    assert_eq!(to_asha.len(), 3, "three links an hour at most");
    assert_eq!(mails_to(&received, "ravi@example.com").len(), 1);

    // Only the newest link confirms the address: each one sent ended the one before.
    let first = link_token(&app, &to_asha[0]);
    assert_eq!(app.verify_email(&first).await.status(), StatusCode::GONE);
    let last = link_token(&app, &to_asha[2]);
    assert_eq!(app.verify_email(&last).await.status(), StatusCode::OK);
    assert_eq!(app.verify_email(&first).await.status(), StatusCode::GONE);

    let signed_out = app.api("/api/account/email/resend", json!({})).await;
    let (status, code, _) = error_of(signed_out).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNAUTHORIZED, "not-signed-in")
    );
    app.stop().await;
}

async fn malformed_requests_get_a_clear_answer_never_a_server_error(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 100).await else {
        return;
    };
    let registered = app.register("Asha Rao", "asha@example.com").await;
    let (cookie, _) = session_cookie(&registered);
    let send = |path: &'static str, body: &'static str, content_type: &'static str| {
        app.client
            .post(app.url(path))
            .header("origin", &app.base)
            .header(header::COOKIE, &cookie)
            .header(header::CONTENT_TYPE, content_type)
            .body(body)
            .send()
    };
    let json = "application/json";
    for (path, body, content_type, expected) in [
        ("/api/auth/verify-email", "{", json, StatusCode::BAD_REQUEST),
        (
            "/api/auth/verify-email",
            r#"{"token": 5}"#,
            json,
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        ("/api/auth/verify-email", "{}", json, StatusCode::GONE),
        (
            "/api/auth/verify-email",
            "token=x",
            "text/plain",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            "/api/account/email",
            r#"{"newEmail": [], "password": {}}"#,
            json,
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/account/email",
            r#"{"newEmail": "\u0000@example.com"}"#,
            json,
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/account/email/resend",
            "null",
            json,
            StatusCode::ACCEPTED,
        ),
    ] {
        let response = send(path, body, content_type).await.expect("sent");
        assert_eq!(response.status(), expected, "{path} {body}");
    }
    let long_token = "x".repeat(20_000);
    let (status, code, _) = error_of(app.verify_email(&long_token).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::GONE, "verification-link-invalid")
    );
    app.stop().await;
}
