//! Changes on the account page that are checked before they are made: the profile's fields,
//! the current password, a recent sign-in for accounts without one. Over the real HTTP API, on
//! SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use std::time::Duration;

use crate::common::{
    Backend, TestApp,
    account_api::app_with_mail,
    auth_api::{FIREFOX_LINUX, PASSWORD, refusal},
};
use reqwest::StatusCode;
use serde_json::{Value, json};

crate::on_both_backends!(
    a_profile_change_is_checked_and_seen_by_the_header,
    a_wrong_password_is_refused_and_changes_nothing,
    without_a_password_a_recent_sign_in_is_asked_for,
);

async fn a_profile_change_is_checked_and_seen_by_the_header(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let change = |body: Value| app.post_signed_in("/api/account/profile", &cookie, body);
    for (body, field) in [
        (json!({"displayName": "  ", "mobile": ""}), "displayName"),
        (
            json!({"displayName": "n".repeat(101), "mobile": ""}),
            "displayName",
        ),
        (
            json!({"displayName": "Asha\nRao", "mobile": ""}),
            "displayName",
        ),
        (
            json!({"displayName": "Asha", "mobile": "(022) 2345-6789"}),
            "mobile",
        ),
        (json!({"displayName": "Asha", "mobile": "12-34"}), "mobile"),
    ] {
        let (status, code, named) = refusal(change(body.clone()).await).await;
        assert_eq!(
            (status, code.as_str(), named),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid-input",
                json!(field)
            ),
            "{body}"
        );
    }
    assert_eq!(
        app.session_user(&cookie).await["displayName"],
        "Asha Rao",
        "unchanged"
    );

    let changed = change(json!({"displayName": " Asha R. ", "mobile": "+44 7700-900123"})).await;
    assert_eq!(changed.status(), StatusCode::OK);
    let account = changed.json::<Value>().await.expect("json")["account"].clone();
    assert_eq!(account["displayName"], "Asha R.");
    assert_eq!(account["mobile"], "+447700900123");
    assert_eq!(account["email"], "asha@example.com");
    assert_eq!(app.session_user(&cookie).await["displayName"], "Asha R.");

    let cleared = change(json!({"displayName": "Asha R.", "mobile": ""})).await;
    assert_eq!(cleared.status(), StatusCode::OK);
    assert_eq!(
        cleared.json::<Value>().await.expect("json")["account"]["mobile"],
        Value::Null
    );
    let page = app.account_page(&cookie).await;
    assert_eq!(page["account"]["mobile"], Value::Null);

    // An account without a profile record gets one.
    let uid = page["account"]["uid"].as_str().expect("uid");
    app.execute_sql(&format!("DELETE FROM users WHERE id = '{uid}'"))
        .await;
    let restored = change(json!({"displayName": "Asha", "mobile": "9876543210"})).await;
    assert_eq!(restored.status(), StatusCode::OK);
    let account = restored.json::<Value>().await.expect("json")["account"].clone();
    assert_eq!(
        (
            &account["displayName"],
            &account["email"],
            &account["mobile"]
        ),
        (
            &json!("Asha"),
            &json!("asha@example.com"),
            &json!("9876543210")
        )
    );
    app.stop().await;
}

async fn a_wrong_password_is_refused_and_changes_nothing(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 100).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let new_password =
        json!({"currentPassword": "not-my-password", "newPassword": "library-steps-at-dawn"});
    let (status, code, field) = refusal(
        app.post_signed_in("/api/account/password", &cookie, new_password)
            .await,
    )
    .await;
    assert_eq!(
        (status, code.as_str(), field),
        (StatusCode::FORBIDDEN, "wrong-password", json!("password"))
    );
    let weak = json!({"currentPassword": PASSWORD, "newPassword": "short"});
    let (status, code, field) = refusal(
        app.post_signed_in("/api/account/password", &cookie, weak)
            .await,
    )
    .await;
    assert_eq!(
        (status, code.as_str(), field),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid-input",
            json!("newPassword")
        )
    );
    for password in ["", "not-my-password"] {
        let delete = json!({ "password": password });
        let (status, code, field) = refusal(
            app.post_signed_in("/api/account/delete", &cookie, delete)
                .await,
        )
        .await;
        assert_eq!(
            (status, code.as_str(), field),
            (StatusCode::FORBIDDEN, "wrong-password", json!("password"))
        );
    }
    // Still there, with the old password.
    assert_eq!(app.session_user(&cookie).await["displayName"], "Asha Rao");
    let login = app
        .login_from("asha@example.com", PASSWORD, false, FIREFOX_LINUX)
        .await;
    assert_eq!(login.status(), StatusCode::OK);
    app.stop().await;
}

async fn without_a_password_a_recent_sign_in_is_asked_for(backend: Backend) {
    let Some((app, smtp)) = app_with_mail(backend).await else {
        return;
    };
    let (old_uid, old) = app
        .google_only_account("meera@example.com", "google-meera")
        .await;
    app.make_sign_ins_old(&old_uid).await;
    let page = app.account_page(&old).await;
    assert_eq!(page["account"]["recentSignInSeconds"], 0);
    assert_eq!(
        page["account"]["signInMethods"],
        json!({"password": false, "google": true})
    );
    assert_eq!(page["account"]["mobile"], Value::Null);
    let set = json!({"currentPassword": "", "newPassword": "library-steps-at-dawn"});
    for (path, body) in [
        ("/api/account/password", set.clone()),
        ("/api/account/delete", json!({})),
    ] {
        let (status, code, _) = refusal(app.post_signed_in(path, &old, body).await).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::FORBIDDEN, "recent-sign-in-required"),
            "{path}"
        );
    }

    // Signed in just now, the account may set a password, and then sign in with it.
    let (_, fresh) = app
        .google_only_account("ravi@example.com", "google-ravi")
        .await;
    let set = app
        .post_signed_in("/api/account/password", &fresh, set)
        .await;
    assert_eq!(set.status(), StatusCode::OK);
    let body: Value = set.json().await.expect("json");
    assert_eq!(
        body["account"]["signInMethods"],
        json!({"password": true, "google": true})
    );
    let login = app
        .login_from(
            "ravi@example.com",
            "library-steps-at-dawn",
            false,
            FIREFOX_LINUX,
        )
        .await;
    assert_eq!(login.status(), StatusCode::OK);
    let mail = smtp.wait_for(1, Duration::from_secs(15)).await.remove(0);
    assert_eq!(mail.envelope_to, ["ravi@example.com"]);
    app.stop().await;
}
