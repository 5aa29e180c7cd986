//! `/api/account` over the real HTTP API: what the account page shows, and what it refuses, on
//! SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{
    Backend, TestApp,
    auth_api::{CHROME_ANDROID, FIREFOX_LINUX, PASSWORD, refusal, session_cookie},
};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    every_call_needs_a_session,
    the_server_sends_signed_out_visitors_of_the_page_to_login,
    changes_need_our_origin_and_well_formed_json,
    the_page_shows_the_account_and_its_sessions_this_one_first,
);

const POSTS: [&str; 5] = [
    "/api/account/profile",
    "/api/account/password",
    "/api/account/sessions/end",
    "/api/account/sessions/end-others",
    "/api/account/delete",
];

async fn every_call_needs_a_session(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let signed_out = app.signed_in("asha@example.com").await;
    let logout = app
        .post_signed_in("/api/auth/logout", &signed_out, json!({}))
        .await;
    assert_eq!(logout.status(), StatusCode::OK);
    for cookie in ["", "session=made-up", signed_out.as_str()] {
        for path in ["/api/account", "/api/account/data"] {
            let response = app.get_signed_in(path, cookie).await;
            assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
            let (status, code, _) = refusal(response).await;
            assert_eq!(
                (status, code.as_str()),
                (StatusCode::UNAUTHORIZED, "not-signed-in"),
                "{path}"
            );
        }
        for path in POSTS {
            let response = app.post_signed_in(path, cookie, json!({})).await;
            let (status, code, _) = refusal(response).await;
            assert_eq!(
                (status, code.as_str()),
                (StatusCode::UNAUTHORIZED, "not-signed-in"),
                "{path}"
            );
        }
    }
    app.stop().await;
}

async fn the_server_sends_signed_out_visitors_of_the_page_to_login(backend: Backend) {
    crate::common::require_built_web_app();
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let signed_in = app.signed_in("asha@example.com").await;
    let signed_out = app.signed_in("ravi@example.com").await;
    let logout = app
        .post_signed_in("/api/auth/logout", &signed_out, json!({}))
        .await;
    assert_eq!(logout.status(), StatusCode::OK);

    for path in ["/account", "/account/", "/account?tab=profile"] {
        for cookie in ["", "session=made-up", signed_out.as_str()] {
            let response = app.get_signed_in(path, cookie).await;
            assert_eq!(response.status(), StatusCode::SEE_OTHER, "{path} {cookie}");
            assert_eq!(
                response.headers()[header::LOCATION],
                "/login?returnTo=%2Faccount"
            );
            assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
            assert!(varies_by_cookie(&response), "{path}");
        }
        let page = app.get_signed_in(path, &signed_in).await;
        assert_eq!(page.status(), StatusCode::OK, "{path}");
        assert!(varies_by_cookie(&page), "{path}");
        let html = page.text().await.expect("html");
        assert!(html.contains("<h1>Your account</h1>"), "{path}: {html}");
    }
    // A HEAD asks the same question.
    let head = app
        .client
        .head(app.url("/account"))
        .send()
        .await
        .expect("sent");
    assert_eq!(head.status(), StatusCode::SEE_OTHER);
    app.stop().await;
}

fn varies_by_cookie(response: &reqwest::Response) -> bool {
    response
        .headers()
        .get_all(header::VARY)
        .iter()
        .any(|value| value.to_str().is_ok_and(|v| v.contains("Cookie")))
}

async fn changes_need_our_origin_and_well_formed_json(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let post = |path: &str| {
        app.client
            .post(app.url(path))
            .header(header::COOKIE, &cookie)
    };
    for path in POSTS {
        let cross = post(path)
            .header("origin", "https://elsewhere.example")
            .json(&json!({"password": PASSWORD, "displayName": "Mallory"}))
            .send()
            .await
            .expect("sent");
        let (status, code, _) = refusal(cross).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::FORBIDDEN, "cross-origin"),
            "{path}"
        );

        let form = post(path)
            .header("origin", &app.base)
            .form(&[("password", PASSWORD)])
            .send()
            .await
            .expect("sent");
        assert_eq!(form.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE, "{path}");

        for broken in ["{not json", "[1, 2]", r#""text""#, "null"] {
            let response = post(path)
                .header("origin", &app.base)
                .header(header::CONTENT_TYPE, "application/json")
                .body(broken)
                .send()
                .await
                .expect("sent");
            assert!(
                response.status().is_client_error(),
                "{path} {broken}: {}",
                response.status()
            );
        }
    }
    for (path, typed) in [
        ("/api/account/profile", json!({"displayName": 5})),
        ("/api/account/password", json!({"newPassword": []})),
        ("/api/account/sessions/end", json!({"id": {}})),
        ("/api/account/delete", json!({"password": null})),
    ] {
        let response = app.post_signed_in(path, &cookie, typed).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{path}"
        );
    }
    // Nothing was changed, ended or deleted.
    assert_eq!(app.session_user(&cookie).await["displayName"], "Asha Rao");
    app.stop().await;
}

async fn the_page_shows_the_account_and_its_sessions_this_one_first(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 100).await else {
        return;
    };
    let first = app
        .register_from("Asha.Rao@example.com", CHROME_ANDROID)
        .await;
    let login = app
        .login_from("asha.rao@example.com", PASSWORD, true, FIREFOX_LINUX)
        .await;
    assert_eq!(login.status(), StatusCode::OK);
    let (second, _) = session_cookie(&login);

    let response = app.get_signed_in("/api/account", &second).await;
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
    let page: Value = response.json().await.expect("json");
    let account = &page["account"];
    assert!(account["uid"].as_str().is_some_and(|uid| uid.len() >= 22));
    assert_eq!(account["displayName"], "Asha Rao");
    assert_eq!(account["email"], "Asha.Rao@example.com");
    assert_eq!(account["mobile"], "+919876543210");
    assert!(
        account["memberSince"]
            .as_i64()
            .is_some_and(|t| t > 1_700_000_000_000)
    );
    assert_eq!(account["emailVerified"], false);
    assert_eq!(account["emailVerifiedAt"], Value::Null);
    assert_eq!(account["pendingEmail"], Value::Null);
    assert_eq!(
        account["signInMethods"],
        json!({"password": true, "google": false})
    );
    let recent = account["recentSignInSeconds"].as_i64().expect("seconds");
    assert!((590..=600).contains(&recent), "just signed in: {recent}");

    let sessions = page["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 2, "{sessions:?}");
    let (this, other) = (&sessions[0], &sessions[1]);
    assert_eq!(
        (
            &this["browser"],
            &this["system"],
            &this["current"],
            &this["remembered"]
        ),
        (
            &json!("Firefox"),
            &json!("Linux"),
            &json!(true),
            &json!(true)
        )
    );
    assert_eq!(
        (
            &other["browser"],
            &other["system"],
            &other["current"],
            &other["remembered"]
        ),
        (
            &json!("Chrome"),
            &json!("Android"),
            &json!(false),
            &json!(false)
        )
    );
    for session in sessions {
        let mut keys: Vec<_> = session
            .as_object()
            .expect("object")
            .keys()
            .cloned()
            .collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "browser",
                "current",
                "id",
                "lastUsedAt",
                "remembered",
                "signedInAt",
                "system"
            ]
        );
        assert!(session["signedInAt"].as_i64() <= session["lastUsedAt"].as_i64());
    }
    assert_ne!(this["id"], other["id"]);
    // The first browser sees the same two, itself first.
    let from_first = app.account_page(&first).await;
    assert_eq!(from_first["sessions"][0]["id"], other["id"]);
    assert_eq!(from_first["sessions"][0]["current"], true);
    app.stop().await;
}
