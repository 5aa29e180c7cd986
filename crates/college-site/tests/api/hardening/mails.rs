//! Mails from the college carry no stranger's words: anyone may register with someone else's
//! address and a name of their choosing, so mails to an address not yet proved (the link to
//! confirm it, a password reset) greet nobody by name.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::{
    common::{Backend, TestApp, email_links::link_token, smtp::SmtpServer},
    on_both_backends,
};

on_both_backends!(mails_before_the_address_is_proved_repeat_nothing_the_registrant_typed);

const LURE: &str = "Your fee refund is ready at refunds-college.example";

async fn mails_before_the_address_is_proved_repeat_nothing_the_registrant_typed(backend: Backend) {
    let smtp = SmtpServer::start();
    let url = smtp.url();
    let Some(app) = TestApp::spawn(backend, move |config| {
        config.smtp_url = Some(url.into());
        config.limits.auth_per_minute = 100;
    })
    .await
    else {
        return;
    };
    assert_eq!(
        app.register(LURE, "victim@example.com").await.status(),
        StatusCode::CREATED
    );
    let confirm = smtp
        .wait_for_subject("Confirm your email address", Duration::from_secs(15))
        .await;
    ask_for_reset(&app).await;
    let reset = smtp
        .wait_for_subject("Choose a new password", Duration::from_secs(15))
        .await;

    let token = link_token(&app, &confirm);
    for mail in [confirm, reset] {
        let to = mail.header("To").unwrap_or_default();
        let text = mail.body_text();
        assert!(!text.contains("refund"), "{text}");
        assert!(!to.contains("refund"), "To: {to}");
        assert!(text.starts_with("Hello,"), "{text}");
    }

    // Once the owner has proved the address, the name is theirs to be greeted by.
    assert_eq!(app.verify_email(&token).await.status(), StatusCode::OK);
    ask_for_reset(&app).await;
    let mails = smtp.wait_for(3, Duration::from_secs(15)).await;
    let text = mails.last().expect("a third mail").body_text();
    assert!(text.starts_with(&format!("Hello {LURE},")), "{text}");
}

async fn ask_for_reset(app: &TestApp) {
    let asked = app
        .client
        .post(app.url("/api/auth/password-reset"))
        .header("origin", &app.base)
        .json(&json!({ "email": "victim@example.com" }))
        .send()
        .await
        .expect("sent");
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
}
