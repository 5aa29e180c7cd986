//! "Login with Google" against a real OpenID provider on loopback (the development provider):
//! discovery, PKCE, state and nonce, signed ID tokens, account linking and its safety.

use crate::common::{
    Backend, TestApp,
    auth_api::cookie_named,
    google_flow::{app_with, asha, google_sign_in, outcome, provider, start},
};
use college_site::config::{GoogleSettings, RolesAction};
use dev_oidc::Account;
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    first_google_sign_in_creates_the_account_and_profile,
    linking_a_password_account_locks_out_whoever_set_the_password,
    an_unverified_email_is_never_linked,
    a_callback_must_come_back_to_the_browser_that_started_it,
    a_disabled_account_cannot_sign_in_with_google,
    an_admin_without_a_password_passes_the_identity_check_by_signing_in_again,
);

async fn first_google_sign_in_creates_the_account_and_profile(backend: Backend) {
    let provider = provider().await;
    let Some(app) = app_with(backend, &provider).await else {
        return;
    };

    let (session, result) = outcome(google_sign_in(&app, &provider, &asha()).await).await;
    assert_eq!(result["ok"], true, "{result}");
    assert_eq!(result["returnTo"], "/about");
    let session = session.expect("signed in");
    let user = app.session_user(&session).await;
    assert_eq!(user["displayName"], "Asha Rao");
    assert_eq!(user["email"], "asha.rao@example.com");
    assert_eq!(
        user["emailVerified"], true,
        "Google vouched for the address"
    );

    let uid = user["uid"].as_str().expect("uid").to_owned();
    let account = app
        .store
        .account(&uid)
        .await
        .expect("read")
        .expect("account");
    assert_eq!(account.google_sub, Some(asha().subject()));
    assert_eq!(account.password_hash, None);
    let profile = app
        .store
        .profile(&uid)
        .await
        .expect("read")
        .expect("profile record");
    assert_eq!(profile.display_name.as_deref(), Some("Asha Rao"));

    // The profile record exists now and is left as it is at the next sign-in.
    let mut extra = serde_json::Map::new();
    extra.insert("course".into(), json!("BCA"));
    app.store
        .merge_profile_extra(&uid, &extra)
        .await
        .expect("merged");
    let (again, result) = outcome(google_sign_in(&app, &provider, &asha()).await).await;
    assert_eq!(result["ok"], true);
    assert_ne!(
        again.as_deref(),
        Some(session.as_str()),
        "a new session id at every sign-in"
    );
    let kept = app
        .store
        .profile(&uid)
        .await
        .expect("read")
        .expect("profile");
    assert_eq!(kept.extra.get("course"), Some(&json!("BCA")));
    assert_eq!(kept.created_at, profile.created_at);
    app.stop().await;
    provider.stop().await;
}

async fn linking_a_password_account_locks_out_whoever_set_the_password(backend: Backend) {
    let provider = provider().await;
    let Some(app) = app_with(backend, &provider).await else {
        return;
    };
    // Someone registers Asha's email with a password before she ever signs in.
    let squatter = app
        .api(
            "/api/auth/register",
            json!({"displayName": "Not Asha", "email": "Asha.Rao@example.com", "password": "squatter-pass-99", "mobile": "9876543210"}),
        )
        .await;
    assert_eq!(squatter.status(), StatusCode::CREATED);
    let squatter_cookie = squatter.headers()[header::SET_COOKIE]
        .to_str()
        .expect("ascii")
        .split(';')
        .next()
        .expect("pair")
        .to_owned();

    let (session, result) = outcome(google_sign_in(&app, &provider, &asha()).await).await;
    assert_eq!(result["ok"], true, "{result}");
    let asha_user = app.session_user(&session.expect("signed in")).await;

    // The squatter's session and password no longer open the account.
    assert_eq!(app.session_user(&squatter_cookie).await, Value::Null);
    let login = app.login("asha.rao@example.com", "squatter-pass-99").await;
    assert_eq!(login.status(), StatusCode::UNAUTHORIZED);
    let account = app
        .store
        .account(asha_user["uid"].as_str().expect("uid"))
        .await
        .expect("read")
        .expect("account");
    assert_eq!(account.password_hash, None);
    assert_eq!(account.google_sub, Some(asha().subject()));
    // The address, never proved by the password's owner, now is: Google vouched for it.
    assert!(account.email_verified_at.is_some());
    assert_eq!(asha_user["emailVerified"], true);
    app.stop().await;
    provider.stop().await;
}

async fn an_unverified_email_is_never_linked(backend: Backend) {
    let provider = provider().await;
    let Some(app) = app_with(backend, &provider).await else {
        return;
    };
    let owner = app
        .api(
            "/api/auth/register",
            json!({"displayName": "Owner", "email": "unverified@example.com", "password": "owner-pass-1234", "mobile": "9876543210"}),
        )
        .await;
    assert_eq!(owner.status(), StatusCode::CREATED);
    let unverified = Account::new("Unverified User", "unverified@example.com", false);
    let (session, result) = outcome(google_sign_in(&app, &provider, &unverified).await).await;
    assert_eq!(session, None);
    assert_eq!(result["ok"], false);
    assert_eq!(result["code"], "email-unverified");
    let owner = app
        .store
        .account_by_email("unverified@example.com")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(owner.google_sub, None, "not linked");
    assert!(
        owner.password_hash.is_some(),
        "the owner keeps their password"
    );
    app.stop().await;
    provider.stop().await;
}

async fn a_callback_must_come_back_to_the_browser_that_started_it(backend: Backend) {
    let provider = provider().await;
    let Some(app) = app_with(backend, &provider).await else {
        return;
    };
    let (_state_cookie, authorize) = start(&app, "mode=redirect").await;
    let callback = provider.sign_in(&authorize, &asha()).expect("callback");
    // Another browser (no state cookie) cannot finish this sign-in: no login CSRF.
    let (session, result) = outcome(
        app.client
            .get(callback.as_str())
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(session, None);
    assert_eq!(result["code"], "expired");
    assert!(
        app.store
            .account_by_email("asha.rao@example.com")
            .await
            .expect("read")
            .is_none()
    );
    app.stop().await;
    provider.stop().await;
}

#[tokio::test]
async fn a_used_state_cannot_be_replayed_and_cancel_is_reported() {
    let provider = provider().await;
    let app = app_with(Backend::Sqlite, &provider).await.expect("app");
    let (cookie, authorize) = start(&app, "mode=popup").await;
    let callback = provider.sign_in(&authorize, &asha()).expect("callback");
    let first = app
        .client
        .get(callback.as_str())
        .header(header::COOKIE, &cookie)
        .send()
        .await
        .expect("sent");
    assert_eq!(outcome(first).await.1["ok"], true);
    let replay = app
        .client
        .get(callback.as_str())
        .header(header::COOKIE, &cookie)
        .send()
        .await
        .expect("sent");
    let (session, result) = outcome(replay).await;
    assert_eq!((session, result["code"].clone()), (None, json!("expired")));

    let (cookie, _authorize) = start(&app, "mode=popup").await;
    let state = cookie.split_once('=').expect("pair").1.to_owned();
    let cancelled = app
        .client
        .get(app.url(&format!(
            "/auth/google/callback?error=access_denied&state={state}"
        )))
        .header(header::COOKIE, &cookie)
        .send()
        .await
        .expect("sent");
    let (_, result) = outcome(cancelled).await;
    assert_eq!(result["code"], "cancelled");
    assert_eq!(result["message"], "Google sign-in was cancelled.");
    app.stop().await;
    provider.stop().await;
}

#[tokio::test]
async fn an_unreachable_or_missing_provider_gets_a_clear_message() {
    let unconfigured = TestApp::spawn(Backend::Sqlite, |_| {}).await.expect("app");
    let response = unconfigured
        .client
        .get(unconfigured.url("/auth/google/start?mode=popup"))
        .send()
        .await
        .expect("sent");
    let (_, result) = outcome(response).await;
    assert_eq!(result["code"], "not-configured");
    unconfigured.stop().await;

    let (closed, _) = crate::common::smtp::closed_port();
    let unreachable = TestApp::spawn(Backend::Sqlite, move |c| {
        c.google = Some(GoogleSettings {
            issuer: format!("http://{closed}"),
            client_id: "college-site-dev".into(),
            client_secret: None,
        });
    })
    .await
    .expect("app");
    let response = unreachable
        .client
        .get(unreachable.url("/auth/google/start?mode=popup"))
        .send()
        .await
        .expect("sent");
    let (_, result) = outcome(response).await;
    assert_eq!(result["code"], "unreachable");
    assert!(
        result["message"]
            .as_str()
            .expect("text")
            .contains("cannot be reached")
    );
    unreachable.stop().await;
}

#[test]
fn the_server_refuses_a_plain_http_issuer_off_loopback() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_college-site"))
        .args([
            "serve",
            "--oidc-issuer",
            "http://accounts.example.com",
            "--google-client-id",
            "x",
        ])
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("OIDC_ISSUER must be an https:// URL"),
        "{stderr}"
    );
}

async fn a_disabled_account_cannot_sign_in_with_google(backend: Backend) {
    let provider = provider().await;
    let Some(app) = app_with(backend, &provider).await else {
        return;
    };
    let (session, _) = outcome(google_sign_in(&app, &provider, &asha()).await).await;
    let session = session.expect("signed in");
    let uid = app.session_user(&session).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned();
    let audit = college_site::store::NewAuditEntry {
        at: 5_000,
        actor: college_site::store::Actor::CommandLine,
        action: college_site::store::AuditAction::AccountDisabled,
        target_email: None,
        target: "a disabled account".into(),
    };
    app.store
        .set_account_disabled(&uid, true, &audit)
        .await
        .expect("disabled");
    let (session, result) = outcome(google_sign_in(&app, &provider, &asha()).await).await;
    assert_eq!(session, None);
    assert_eq!(result["code"], "account-disabled");
    assert_eq!(
        result["message"],
        "This account is disabled. Contact the college office."
    );
    app.stop().await;
    provider.stop().await;
}

/// An admin who signs in only with Google has no password to give the staff area's identity
/// check: a Google sign-in within the last ten minutes stands for it, and past that the check
/// asks for a new one, which the same Google account then gives (a new session).
async fn an_admin_without_a_password_passes_the_identity_check_by_signing_in_again(
    backend: Backend,
) {
    let provider = provider().await;
    let Some(app) = app_with(backend, &provider).await else {
        return;
    };
    let (admin, _) = outcome(google_sign_in(&app, &provider, &asha()).await).await;
    let admin = admin.expect("signed in");
    // Staff sign in in two steps: the admin-to-be sets it up with the session Google just gave
    // (no password: the fresh sign-in stands in for it), which then outlives the grant.
    app.set_up_second_factor(&admin).await;
    app.roles_command(RolesAction::Grant {
        email: asha().email,
        role: "admin".into(),
    })
    .await;
    let admin_id = app.session_user(&admin).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned();
    let student = app.signed_in("ravi@example.com").await;
    let student_id = app.session_user(&student).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned();
    let roles = format!("/api/staff/people/{student_id}/roles");
    let grant = |role: &str| json!({"role": role, "grant": true});

    // Just signed in with Google: that is the check.
    let granted = app.staff_post(&roles, &admin, grant("office")).await;
    assert_eq!(granted["person"]["roles"], json!(["office"]));

    // An hour later it is not, and no password can stand in for it.
    app.make_sign_ins_old(&admin_id).await;
    assert_eq!(
        app.staff_refusal(&roles, &admin, grant("teacher")).await,
        (StatusCode::FORBIDDEN, "confirm-identity".to_owned())
    );
    assert_eq!(
        app.staff_refusal(
            "/api/staff/confirm",
            &admin,
            json!({"password": "any-password-at-all-1"})
        )
        .await,
        (StatusCode::FORBIDDEN, "recent-sign-in-required".to_owned())
    );

    // Signed in with Google again, as the dialog's "Sign in again with Google" does: Google
    // first, then the account's second factor on its own page.
    let callback = google_sign_in(&app, &provider, &asha()).await;
    let waiting = cookie_named(&callback, "sign-in").expect("a sign-in waiting for its code");
    let (session, result) = outcome(callback).await;
    assert_eq!(session, None, "no session before the code");
    assert_eq!(
        (&result["ok"], &result["code"]),
        (&json!(true), &json!("second-factor"))
    );
    let code = json!({ "code": app.recovery_code(&admin) });
    let done = app
        .post_signed_in("/api/auth/second-factor", &waiting, code)
        .await;
    assert_eq!(done.status(), StatusCode::OK);
    let again = cookie_named(&done, "session").expect("signed in again");
    let granted = app.staff_post(&roles, &again, grant("teacher")).await;
    assert_eq!(granted["person"]["roles"], json!(["teacher", "office"]));
    app.stop().await;
    provider.stop().await;
}
