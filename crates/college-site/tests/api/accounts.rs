//! Accounts over the real HTTP API, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, error_of, session_cookie},
};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

crate::on_both_backends!(
    registration_signs_in_and_creates_the_profile_record,
    a_taken_email_is_refused_whatever_its_case,
    registration_errors_name_the_rule,
    login_checks_credentials_and_remember_me_sets_the_expiry,
    logout_ends_the_session_on_the_server,
    an_idle_session_expires,
    failed_logins_lock_the_account_across_instances,
    state_changing_calls_need_our_origin_and_json,
);

async fn registration_signs_in_and_creates_the_profile_record(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let response = app.register("  Asha Rao ", " Asha.Rao@Example.com ").await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let (cookie, set_cookie) = session_cookie(&response);
    assert!(
        set_cookie.contains("HttpOnly") && set_cookie.contains("SameSite=Lax"),
        "{set_cookie}"
    );
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["user"]["displayName"], "Asha Rao");
    assert_eq!(body["user"]["email"], "Asha.Rao@Example.com");

    let user = app.session_user(&cookie).await;
    assert_eq!(
        user["displayName"], "Asha Rao",
        "still signed in on the next request"
    );

    let uid = user["uid"].as_str().expect("uid");
    let profile = app
        .store
        .profile(uid)
        .await
        .expect("read")
        .expect("profile record");
    assert_eq!(profile.display_name.as_deref(), Some("Asha Rao"));
    assert_eq!(profile.email, "Asha.Rao@Example.com");
    assert_eq!(
        profile.mobile.as_deref(),
        Some("+919876543210"),
        "kept normalised"
    );
    assert!(profile.created_at > 0);
    let account = app
        .store
        .account(uid)
        .await
        .expect("read")
        .expect("account");
    assert!(
        account
            .password_hash
            .expect("hash")
            .starts_with("$argon2id$v=19$m=19456,t=2,p=1$")
    );
    app.stop().await;
}

async fn a_taken_email_is_refused_whatever_its_case(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    assert_eq!(
        app.register("Asha", "asha@example.com").await.status(),
        StatusCode::CREATED
    );
    let (status, code, message) = error_of(app.register("Other", " ASHA@example.COM").await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(code, "email-already-in-use");
    assert_eq!(message, "Cannot create user, email already in use");
    app.stop().await;
}

async fn registration_errors_name_the_rule(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 100).await else {
        return;
    };
    let base = json!({"displayName": "Ravi", "email": "ravi@example.com", "password": PASSWORD, "mobile": "9876543210"});
    for (field, value, expected) in [
        ("password", "short", "at least 8 characters"),
        ("password", "iloveyou123", "most common passwords"),
        (
            "password",
            "RAVI@example.com",
            "must not be your email address",
        ),
        ("mobile", "12-34", "7 to 15 digits"),
        ("mobile", "98765 abc 43", "only digits"),
        ("mobile", "(022) 2345-6789", "only digits"),
        ("displayName", "   ", "Enter your name"),
        ("email", "ravi@localhost", "like name@example.com"),
    ] {
        let mut body = base.clone();
        body[field] = json!(value);
        let (status, code, message) = error_of(app.api("/api/auth/register", body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}={value}");
        assert_eq!(code, "invalid-input");
        assert!(message.contains(expected), "{field}={value}: {message}");
    }
    assert!(
        app.store
            .account_by_email("ravi@example.com")
            .await
            .expect("read")
            .is_none()
    );
    app.stop().await;
}

async fn login_checks_credentials_and_remember_me_sets_the_expiry(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 100).await else {
        return;
    };
    let (registered_cookie, _) = session_cookie(&app.register("Asha", "asha@example.com").await);

    for (email, password) in [
        ("asha@example.com", "wrong-password-1"),
        ("nobody@example.com", PASSWORD),
    ] {
        let (status, code, message) = error_of(
            app.api(
                "/api/auth/login",
                json!({"email": email, "password": password}),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(code, "invalid-credential");
        assert_eq!(message, "Invalid credentials provided.");
    }

    let plain = app
        .api(
            "/api/auth/login",
            json!({"email": " ASHA@example.com", "password": PASSWORD}),
        )
        .await;
    assert_eq!(plain.status(), StatusCode::OK);
    let (plain_cookie, plain_set) = session_cookie(&plain);
    assert!(
        !plain_set.contains("Max-Age") && !plain_set.contains("Expires"),
        "{plain_set}"
    );
    assert_ne!(
        plain_cookie, registered_cookie,
        "a new session id at every sign-in"
    );

    let remembered = app
        .api(
            "/api/auth/login",
            json!({"email": "asha@example.com", "password": PASSWORD, "remember": true}),
        )
        .await;
    let (remembered_cookie, remembered_set) = session_cookie(&remembered);
    assert!(
        remembered_set.contains("Max-Age=2592000"),
        "{remembered_set}"
    );
    assert_eq!(
        app.session_user(&remembered_cookie).await["displayName"],
        "Asha"
    );
    app.stop().await;
}

async fn logout_ends_the_session_on_the_server(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let (cookie, _) = session_cookie(&app.register("Asha", "asha@example.com").await);
    let response = app
        .client
        .post(app.url("/api/auth/logout"))
        .header("origin", &app.base)
        .header(header::COOKIE, &cookie)
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::OK);
    let (_, cleared) = session_cookie(&response);
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    // A copy of the old cookie no longer signs anyone in.
    assert_eq!(app.session_user(&cookie).await, Value::Null);
    app.stop().await;
}

async fn an_idle_session_expires(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let (cookie, _) = session_cookie(&app.register("Asha", "asha@example.com").await);
    let token = cookie.split_once('=').expect("pair").1;
    let hash: String = Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let eight_days_ago = college_site::store::now_millis() - 8 * 24 * 3600 * 1000;
    app.store
        .touch_session(&hash, eight_days_ago)
        .await
        .expect("touched");
    assert_eq!(app.session_user(&cookie).await, Value::Null);
    assert!(
        app.store.session(&hash).await.expect("read").is_none(),
        "deleted once expired"
    );
    app.stop().await;
}

async fn failed_logins_lock_the_account_across_instances(backend: Backend) {
    let Some(first) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 100).await else {
        return;
    };
    first.register("Asha", "asha@example.com").await;
    for _ in 0..10 {
        let response = first
            .api(
                "/api/auth/login",
                json!({"email": "asha@example.com", "password": "not-the-password"}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    // A second server instance on the same database refuses too, even the right password.
    let second = first
        .second_instance(|c| c.limits.auth_per_minute = 100)
        .await;
    let response = second
        .api(
            "/api/auth/login",
            json!({"email": "asha@example.com", "password": PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = response.headers()[header::RETRY_AFTER]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!((1..=15 * 60).contains(&retry_after), "{retry_after}");
    let (_, code, message) = error_of(response).await;
    assert_eq!(code, "too-many-failed-logins");
    assert!(message.contains("Try again in"), "{message}");
    second.stop().await;
    first.stop().await;
}

async fn state_changing_calls_need_our_origin_and_json(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 3).await else {
        return;
    };
    let cross = app
        .client
        .post(app.url("/api/auth/register"))
        .header("origin", "https://evil.example")
        .json(&json!({"displayName": "X", "email": "x@example.com", "password": PASSWORD, "mobile": "9876543210"}))
        .send()
        .await
        .expect("sent");
    assert_eq!(cross.status(), StatusCode::FORBIDDEN);
    let form = app
        .client
        .post(app.url("/api/auth/login"))
        .header("origin", &app.base)
        .form(&[("email", "x@example.com"), ("password", PASSWORD)])
        .send()
        .await
        .expect("sent");
    assert_eq!(form.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let broken = app
        .client
        .post(app.url("/api/auth/login"))
        .header("origin", &app.base)
        .header(header::CONTENT_TYPE, "application/json")
        .body("{not json")
        .send()
        .await
        .expect("sent");
    assert!(broken.status().is_client_error());
    assert!(
        app.store
            .account_by_email("x@example.com")
            .await
            .expect("read")
            .is_none()
    );

    // Per-IP limit: three attempts a minute here, then 429 with Retry-After.
    for _ in 0..3 {
        app.api(
            "/api/auth/login",
            json!({"email": "x@example.com", "password": "whatever-1"}),
        )
        .await;
    }
    let limited = app
        .api(
            "/api/auth/login",
            json!({"email": "x@example.com", "password": "whatever-1"}),
        )
        .await;
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.headers().contains_key(header::RETRY_AFTER));
    app.stop().await;
}
