//! Google sign-in and verified addresses, against the development OpenID provider: an account
//! whose owner proved the address keeps its password and sessions when Google is linked, an
//! unverified one keeps nothing its password's owner started, and an account without a
//! password proves itself by a recent sign-in.

use std::time::Duration;

use crate::common::{
    Backend,
    auth_api::{PASSWORD, error_of, session_cookie},
    email_links::{link_token, mails_to},
    google_flow::{app_configured, app_with, asha, google_sign_in, outcome, provider},
    raw_sql,
    smtp::SmtpServer,
};
use college_site::store::{Account, Profile};
use reqwest::StatusCode;
use serde_json::json;

crate::on_both_backends!(
    a_verified_password_account_keeps_its_password_and_sessions,
    a_squatters_change_link_dies_when_google_takes_the_account_over,
    an_account_linked_before_verification_is_verified_at_its_next_sign_in,
    a_google_only_account_changes_its_email_after_a_recent_sign_in_only,
);

async fn a_verified_password_account_keeps_its_password_and_sessions(backend: Backend) {
    let provider = provider().await;
    let smtp = SmtpServer::start();
    let url = smtp.url();
    let Some(app) = app_configured(backend, &provider, |c| c.smtp_url = Some(url.into())).await
    else {
        return;
    };
    let registered = app.register("Asha Rao", "asha.rao@example.com").await;
    let (password_session, _) = session_cookie(&registered);
    let received = smtp.wait_for(1, Duration::from_secs(15)).await;
    let token = link_token(&app, &mails_to(&received, "asha.rao@example.com")[0]);
    assert_eq!(app.verify_email(&token).await.status(), StatusCode::OK);

    let (google_session, result) = outcome(google_sign_in(&app, &provider, &asha()).await).await;
    assert_eq!(result["ok"], true, "{result}");
    let google_user = app.session_user(&google_session.expect("signed in")).await;
    let uid = google_user["uid"].as_str().expect("uid");

    // Same account, and nothing taken from its owner.
    assert_eq!(app.session_user(&password_session).await["uid"], uid);
    let login = app.login("asha.rao@example.com", PASSWORD);
    assert_eq!(login.await.status(), StatusCode::OK);
    let account = app
        .store
        .account(uid)
        .await
        .expect("read")
        .expect("account");
    assert_eq!(account.google_sub, Some(asha().subject()));
    assert!(account.password_hash.is_some());
    assert_eq!(google_user["emailVerified"], true);
    app.stop().await;
    provider.stop().await;
}

async fn a_squatters_change_link_dies_when_google_takes_the_account_over(backend: Backend) {
    let provider = provider().await;
    let smtp = SmtpServer::start();
    let url = smtp.url();
    let Some(app) = app_configured(backend, &provider, |c| c.smtp_url = Some(url.into())).await
    else {
        return;
    };
    // Someone registers Asha's address and asks to move the account to their own.
    let squatter = app.register("Not Asha", "asha.rao@example.com").await;
    let (squatter_session, _) = session_cookie(&squatter);
    let asked = app
        .change_email(&squatter_session, "squatter@example.net", PASSWORD)
        .await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
    let received = smtp.wait_for(2, Duration::from_secs(15)).await;
    let token = link_token(&app, &mails_to(&received, "squatter@example.net")[0]);

    let (session, result) = outcome(google_sign_in(&app, &provider, &asha()).await).await;
    assert_eq!(result["ok"], true, "{result}");
    let (status, code, _) = error_of(app.verify_email(&token).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::GONE, "verification-link-invalid")
    );
    let user = app.session_user(&session.expect("signed in")).await;
    assert_eq!(
        (user["email"].as_str(), user["emailVerified"].as_bool()),
        (Some("asha.rao@example.com"), Some(true))
    );
    assert_eq!(app.session_user(&squatter_session).await, json!(null));
    app.stop().await;
    provider.stop().await;
}

async fn an_account_linked_before_verification_is_verified_at_its_next_sign_in(backend: Backend) {
    let provider = provider().await;
    let Some(app) = app_with(backend, &provider).await else {
        return;
    };
    let account = Account {
        id: "linked-long-ago".into(),
        email_key: "asha.rao@example.com".into(),
        password_hash: None,
        google_sub: Some(asha().subject()),
        created_at: 1_000,
        email_verified_at: None,
        disabled_at: None,
    };
    let profile = Profile {
        id: account.id.clone(),
        display_name: Some("Asha Rao".into()),
        email: "asha.rao@example.com".into(),
        mobile: None,
        extra: serde_json::Map::new(),
        created_at: 1_000,
    };
    app.store
        .create_account(&account, &profile)
        .await
        .expect("created");

    let (session, result) = outcome(google_sign_in(&app, &provider, &asha()).await).await;
    assert_eq!(result["ok"], true, "{result}");
    let user = app.session_user(&session.expect("signed in")).await;
    assert_eq!(
        (user["uid"].as_str(), user["emailVerified"].as_bool()),
        (Some("linked-long-ago"), Some(true))
    );
    app.stop().await;
    provider.stop().await;
}

async fn a_google_only_account_changes_its_email_after_a_recent_sign_in_only(backend: Backend) {
    let provider = provider().await;
    let Some(app) = app_with(backend, &provider).await else {
        return;
    };
    let (session, result) = outcome(google_sign_in(&app, &provider, &asha()).await).await;
    assert_eq!(result["ok"], true, "{result}");
    let cookie = session.expect("signed in");

    // Just signed in: that stands in for the password this account does not have.
    let change = |new_email: &'static str| {
        let body = json!({ "newEmail": new_email });
        app.post_signed_in("/api/account/email", &cookie, body)
    };
    let asked = change("asha.new@example.org").await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);

    // Eleven minutes later, it no longer does.
    let aged = raw_sql::execute(
        app.database_url(),
        "UPDATE sessions SET created_at = created_at - 660000",
    )
    .await;
    assert!(aged >= 1);
    let (status, code, message) = error_of(change("asha.other@example.org").await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "recent-sign-in-required")
    );
    assert!(message.contains("Sign in again"), "{message}");
    let pending = app
        .store
        .pending_email_change(
            app.session_user(&cookie).await["uid"]
                .as_str()
                .expect("uid"),
            college_site::store::now_millis(),
        )
        .await
        .expect("read");
    assert_eq!(pending.as_deref(), Some("asha.new@example.org"));
    app.stop().await;
    provider.stop().await;
}
