//! Changing the email of an account over the real HTTP API, with a real SMTP server, on SQLite
//! and on PostgreSQL (when TEST_DATABASE_URL is set).

use std::time::Duration;

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, error_of, error_with_field, session_cookie},
    email_links::{capture_logs, captured_logs, link_token, mails_to},
    smtp::SmtpServer,
};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    the_new_address_takes_over_only_when_its_link_is_used,
    a_change_is_refused_with_a_clear_reason,
    a_change_link_loses_to_an_account_that_took_the_address,
    asking_again_ends_the_link_sent_to_a_mistyped_address,
);

const MAIL_WAIT: Duration = Duration::from_secs(15);
const LINK_INVALID: &str = "This link has expired or was already used. Sign in and ask for a new one on your account page.";

async fn app_with_mail(backend: Backend, smtp: &SmtpServer) -> Option<TestApp> {
    let url = smtp.url();
    TestApp::spawn(backend, move |c| {
        c.smtp_url = Some(url.into());
        c.limits.auth_per_minute = 100;
    })
    .await
}

async fn the_new_address_takes_over_only_when_its_link_is_used(backend: Backend) {
    capture_logs();
    let smtp = SmtpServer::start();
    let Some(app) = app_with_mail(backend, &smtp).await else {
        return;
    };
    let registered = app.register("Asha Rao", "asha@example.com").await;
    let (cookie, _) = session_cookie(&registered);
    let registration_mail = smtp.wait_for(1, MAIL_WAIT).await.remove(0);

    let asked = app
        .change_email(&cookie, " Asha.New@Example.org ", PASSWORD)
        .await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
    assert_eq!(asked.headers()[header::CACHE_CONTROL], "no-store");
    let body: Value = asked.json().await.expect("json");
    assert_eq!(body["pendingEmail"], "Asha.New@Example.org");
    let message = body["message"].as_str().expect("message");
    assert!(message.contains("Asha.New@Example.org"), "{message}");

    let received = smtp.wait_for(2, MAIL_WAIT).await;
    let to_new = mails_to(&received, "Asha.New@Example.org");
    assert_eq!(to_new.len(), 1, "the link goes to the new address");
    assert_eq!(
        to_new[0].header("Subject").as_deref(),
        Some("Confirm your new email address")
    );
    let token = link_token(&app, &to_new[0]);

    // Until the link is used, the old address signs in and the new one does not.
    let new_login = app.login("asha.new@example.org", PASSWORD);
    assert_eq!(new_login.await.status(), StatusCode::UNAUTHORIZED);
    let old_login = app.login("asha@example.com", PASSWORD);
    assert_eq!(old_login.await.status(), StatusCode::OK);
    assert_eq!(app.session_user(&cookie).await["email"], "asha@example.com");

    let verified = app.verify_email(&token).await;
    assert_eq!(verified.status(), StatusCode::OK);
    let body: Value = verified.json().await.expect("json");
    assert_eq!(
        body,
        json!({"email": "Asha.New@Example.org", "changed": true})
    );
    let new_login = app.login("asha.new@example.org", PASSWORD);
    assert_eq!(new_login.await.status(), StatusCode::OK);
    let old_login = app.login("asha@example.com", PASSWORD);
    assert_eq!(old_login.await.status(), StatusCode::UNAUTHORIZED);
    let user = app.session_user(&cookie).await;
    assert_eq!(
        (user["email"].as_str(), user["emailVerified"].as_bool()),
        (Some("Asha.New@Example.org"), Some(true)),
        "this session stays, with the new address"
    );

    // The old address is told, with the new one masked.
    let received = smtp.wait_for(3, MAIL_WAIT).await;
    let to_old = mails_to(&received, "asha@example.com");
    assert_eq!(to_old.len(), 2, "{to_old:?}");
    let notice = &to_old[1];
    assert_eq!(
        notice.header("Subject").as_deref(),
        Some("Your email address was changed")
    );
    let text = notice.body_text();
    assert!(text.contains("A•••@Example.org"), "{text}");
    assert!(!text.to_lowercase().contains("asha.new"), "{text}");
    assert!(text.contains("If you did not"), "{text}");

    // Every earlier link of the account went with the change.
    let old_link = link_token(&app, &registration_mail);
    assert_eq!(app.verify_email(&old_link).await.status(), StatusCode::GONE);
    assert_eq!(app.verify_email(&token).await.status(), StatusCode::GONE);

    let logs = captured_logs();
    assert!(logs.contains("email-changed"), "the log is captured");
    assert!(
        logs.contains("email-change-requested"),
        "the log is captured"
    );
    assert!(!logs.contains(&token), "the token is never logged");
    app.stop().await;
}

async fn a_change_is_refused_with_a_clear_reason(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = app_with_mail(backend, &smtp).await else {
        return;
    };
    let registered = app.register("Asha Rao", "asha@example.com").await;
    let (cookie, _) = session_cookie(&registered);
    let ravi = app.register("Ravi Kumar", "ravi@example.com").await;
    assert_eq!(ravi.status(), StatusCode::CREATED);

    for (new_email, password, status, code, field) in [
        (
            "new@example.org",
            "not-my-password",
            StatusCode::FORBIDDEN,
            "wrong-password",
            json!("password"),
        ),
        (
            "new@example.org",
            "",
            StatusCode::FORBIDDEN,
            "wrong-password",
            json!("password"),
        ),
        (
            "not an address",
            PASSWORD,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid-input",
            json!("email"),
        ),
        (
            " ASHA@example.com",
            PASSWORD,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid-input",
            json!("email"),
        ),
        (
            "Ravi@Example.com",
            PASSWORD,
            StatusCode::CONFLICT,
            "email-already-in-use",
            Value::Null,
        ),
    ] {
        let refused = app.change_email(&cookie, new_email, password).await;
        let (got_status, got_code, message, got_field) = error_with_field(refused).await;
        assert_eq!(
            (got_status, got_code.as_str(), got_field),
            (status, code, field),
            "{new_email} / {password}: {message}"
        );
        assert!(message.ends_with('.'), "a sentence: {message}");
    }

    let cross_site = app
        .client
        .post(app.url("/api/account/email"))
        .header("origin", "https://evil.example")
        .header(header::COOKIE, &cookie)
        .json(&json!({"newEmail": "new@example.org", "password": PASSWORD}))
        .send()
        .await
        .expect("sent");
    let (status, code, _) = error_of(cross_site).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "cross-origin")
    );
    let signed_out = app
        .api(
            "/api/account/email",
            json!({"newEmail": "new@example.org", "password": PASSWORD}),
        )
        .await;
    let (status, code, _) = error_of(signed_out).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNAUTHORIZED, "not-signed-in")
    );

    // Only the two registration mails went out.
    smtp.wait_for(2, MAIL_WAIT).await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    let received = smtp.received();
    assert_eq!(received.len(), 2, "{received:?}");
    assert!(mails_to(&received, "new@example.org").is_empty());
    app.stop().await;
}

async fn a_change_link_loses_to_an_account_that_took_the_address(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = app_with_mail(backend, &smtp).await else {
        return;
    };
    let registered = app.register("Asha Rao", "asha@example.com").await;
    let (cookie, _) = session_cookie(&registered);
    let asked = app.change_email(&cookie, "new@example.org", PASSWORD).await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
    let received = smtp.wait_for(2, MAIL_WAIT).await;
    let token = link_token(&app, &mails_to(&received, "new@example.org")[0]);

    // Someone registers the address before Asha opens her link.
    let other = app.register("Someone Else", "NEW@example.org").await;
    assert_eq!(other.status(), StatusCode::CREATED);
    let (status, code, message) = error_of(app.verify_email(&token).await).await;
    assert_eq!(
        (status, code.as_str(), message.as_str()),
        (
            StatusCode::CONFLICT,
            "email-already-in-use",
            "Another account already uses that email address."
        )
    );
    let user = app.session_user(&cookie).await;
    assert_eq!(user["email"], "asha@example.com", "nothing changed");
    let old_login = app.login("asha@example.com", PASSWORD);
    assert_eq!(old_login.await.status(), StatusCode::OK);
    app.stop().await;
}

async fn asking_again_ends_the_link_sent_to_a_mistyped_address(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = app_with_mail(backend, &smtp).await else {
        return;
    };
    let registered = app.register("Asha Rao", "asha@example.com").await;
    let (cookie, _) = session_cookie(&registered);
    smtp.wait_for(1, MAIL_WAIT).await;

    // Asha mistypes her new address, notices, and asks again with the right one.
    let mistyped = app
        .change_email(&cookie, "asha@exmaple.org", PASSWORD)
        .await;
    assert_eq!(mistyped.status(), StatusCode::ACCEPTED);
    let received = smtp.wait_for(2, MAIL_WAIT).await;
    let typo_token = link_token(&app, &mails_to(&received, "asha@exmaple.org")[0]);
    let fixed = app
        .change_email(&cookie, "asha@example.org", PASSWORD)
        .await;
    assert_eq!(fixed.status(), StatusCode::ACCEPTED);
    let body: Value = fixed.json().await.expect("json");
    assert_eq!(body["pendingEmail"], "asha@example.org");
    let received = smtp.wait_for(3, MAIL_WAIT).await;
    let fixed_token = link_token(&app, &mails_to(&received, "asha@example.org")[0]);
    let page = app.account_page(&cookie).await;
    assert_eq!(page["account"]["pendingEmail"], "asha@example.org");

    // Whoever reads the mistyped address cannot take the account with its link.
    let (status, code, message) = error_of(app.verify_email(&typo_token).await).await;
    assert_eq!(
        (status, code.as_str(), message.as_str()),
        (StatusCode::GONE, "verification-link-invalid", LINK_INVALID)
    );
    assert_eq!(app.session_user(&cookie).await["email"], "asha@example.com");
    let typo_login = app.login("asha@exmaple.org", PASSWORD);
    assert_eq!(typo_login.await.status(), StatusCode::UNAUTHORIZED);
    let old_login = app.login("asha@example.com", PASSWORD);
    assert_eq!(old_login.await.status(), StatusCode::OK);

    // The newest link still works.
    let verified = app.verify_email(&fixed_token).await;
    assert_eq!(verified.status(), StatusCode::OK);
    let body: Value = verified.json().await.expect("json");
    assert_eq!(body, json!({"email": "asha@example.org", "changed": true}));
    assert_eq!(app.session_user(&cookie).await["email"], "asha@example.org");
    let new_login = app.login("asha@example.org", PASSWORD);
    assert_eq!(new_login.await.status(), StatusCode::OK);
    let typo_again = app.verify_email(&typo_token).await;
    assert_eq!(typo_again.status(), StatusCode::GONE);
    app.stop().await;
}
