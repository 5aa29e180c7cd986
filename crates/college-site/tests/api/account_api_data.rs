//! The data download and the deletion of an account over the real HTTP API, with a real SMTP
//! server, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use std::time::Duration;

use crate::common::{
    Backend,
    account_api::app_with_mail,
    auth_api::{FIREFOX_LINUX, PASSWORD, refusal},
    progress_api::file_json,
};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

crate::on_both_backends!(
    the_data_download_holds_the_account_and_its_progress_but_no_secret,
    a_deleted_account_is_gone_at_once_and_its_email_is_free,
    downloads_are_limited_per_account,
);

const T: i64 = 1_700_000_000_000;

async fn the_data_download_holds_the_account_and_its_progress_but_no_secret(backend: Backend) {
    let Some((app, _smtp)) = app_with_mail(backend).await else {
        return;
    };
    let cookie = app.register_from("asha@example.com", FIREFOX_LINUX).await;
    app.date_back("asha@example.com").await;
    let other = app.another_session("asha@example.com", PASSWORD).await;
    let uid = app.session_user(&cookie).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned();
    // Google's subject for the account, which is not the user's data.
    app.execute_sql(&format!(
        "UPDATE accounts SET google_sub = 'google-subject-4242' WHERE id = '{uid}'"
    ))
    .await;
    let save = json!({
        "lessons": [{"lesson": "use-state", "done": true, "changedAt": T}],
        "passes": [{"challenge": "use-state/click-counter", "passedAt": T, "files": {"click-counter.tsx": "passing code"}}],
        "files": [file_json("counter", Some("my edit"), T)],
    });
    assert_eq!(
        app.save_progress(Some(&cookie), &save).await.status(),
        StatusCode::OK
    );

    let response = app.get_signed_in("/api/account/data", &cookie).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert_eq!(headers[header::CONTENT_TYPE], "application/json");
    assert_eq!(
        headers[header::CONTENT_DISPOSITION],
        "attachment; filename=\"college-account-data.json\""
    );
    assert_eq!(headers[header::CACHE_CONTROL], "no-store");
    let text = response.text().await.expect("body");
    let data: Value = serde_json::from_str(&text).expect("json");

    let mut secrets = vec!["google-subject-4242".to_owned(), "$argon2".to_owned()];
    for cookie in [&cookie, &other] {
        let token = cookie.trim_start_matches("session=");
        let hash: String = Sha256::digest(token.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let id = app.account_page(cookie).await["sessions"][0]["id"].clone();
        secrets.extend([token.to_owned(), hash, id.as_str().expect("id").to_owned()]);
    }
    for secret in &secrets {
        assert!(!text.contains(secret.as_str()), "{secret} in {text}");
    }

    assert!(data["exportedAt"].as_i64().is_some_and(|t| t > T));
    let profile = &data["profile"];
    assert_eq!(profile["uid"], uid);
    assert_eq!(profile["displayName"], "Asha Rao");
    assert_eq!(profile["email"], "asha@example.com");
    assert_eq!(profile["mobile"], "+919876543210");
    assert!(profile["createdAt"].as_i64().is_some_and(|t| t > T));
    assert_eq!(profile["extra"], json!({}));
    assert_eq!(
        data["signInMethods"],
        json!({"password": true, "google": true})
    );
    assert_eq!(data["emailVerifiedAt"], Value::Null);
    let sessions = data["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 2, "{sessions:?}");
    let this = sessions
        .iter()
        .find(|s| s["current"] == true)
        .expect("this session");
    assert_eq!(this["userAgent"], FIREFOX_LINUX);
    assert_eq!(
        (&this["browser"], &this["system"]),
        (&json!("Firefox"), &json!("Linux"))
    );
    assert!(this["signedInAt"].as_i64().is_some_and(|t| t > T));
    assert_eq!(this["remembered"], false);
    assert!(this.get("id").is_none());
    assert_eq!(
        data["progress"],
        json!({
            "lessons": {"use-state": {"done": true, "changedAt": T}},
            "passes": {"use-state/click-counter": {"passedAt": T, "files": {"click-counter.tsx": "passing code"}}},
            "files": [{
                "lesson": "use-state", "demo": "counter", "file": "App.jsx", "code": "my edit",
                "base": "base-1", "editedAt": T, "other": null,
            }],
        })
    );
    app.stop().await;
}

async fn a_deleted_account_is_gone_at_once_and_its_email_is_free(backend: Backend) {
    let Some((app, smtp)) = app_with_mail(backend).await else {
        return;
    };
    let this = app.student("asha@example.com").await;
    let other = app.another_session("asha@example.com", PASSWORD).await;
    let save = json!({"files": [file_json("counter", Some("my edit"), T)]});
    assert_eq!(
        app.save_progress(Some(&this), &save).await.status(),
        StatusCode::OK
    );
    let uid = app.session_user(&this).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned();

    let deleted = app
        .post_signed_in(
            "/api/account/delete",
            &this,
            json!({ "password": PASSWORD }),
        )
        .await;
    assert_eq!(deleted.status(), StatusCode::OK);
    let cleared = deleted.headers()[header::SET_COOKIE]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    assert_eq!(
        deleted.json::<Value>().await.expect("json"),
        json!({"user": null})
    );

    for cookie in [&this, &other] {
        assert_eq!(app.session_user(cookie).await, Value::Null);
        let (status, code, _) = refusal(app.get_signed_in("/api/account", cookie).await).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::UNAUTHORIZED, "not-signed-in")
        );
    }
    let login = app
        .login_from("asha@example.com", PASSWORD, false, FIREFOX_LINUX)
        .await;
    assert_eq!(login.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.store.profile(&uid).await.expect("read"), None);
    assert!(
        app.store
            .all_progress(&uid)
            .await
            .expect("read")
            .files
            .is_empty()
    );

    let mail = smtp
        .wait_for_subject("Your account was deleted", Duration::from_secs(15))
        .await;
    assert_eq!(mail.envelope_to, ["asha@example.com"]);
    // The address was never proved, so the mail repeats nothing typed at registration.
    assert!(
        mail.body_text().starts_with("Hello,"),
        "{}",
        mail.body_text()
    );

    // The address can make a new, empty account at once.
    let again = app.student("asha@example.com").await;
    let user = app.session_user(&again).await;
    assert_ne!(user["uid"], uid);
    let progress = app.progress_of(&again, "use-state").await;
    assert_eq!(progress["files"], json!([]));
    app.stop().await;
}

/// Three downloads in a row, then 429 with `Retry-After`; another account downloads as before.
async fn downloads_are_limited_per_account(backend: Backend) {
    let Some((app, _smtp)) = app_with_mail(backend).await else {
        return;
    };
    let cookie = app.register_from("asha@example.com", FIREFOX_LINUX).await;
    for _ in 0..3 {
        let response = app.get_signed_in("/api/account/data", &cookie).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let refused = app.get_signed_in("/api/account/data", &cookie).await;
    assert!(refused.headers().contains_key(header::RETRY_AFTER));
    let (status, code, _) = refusal(refused).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "too-many-downloads")
    );

    let other = app.register_from("meera@example.com", FIREFOX_LINUX).await;
    let theirs = app.get_signed_in("/api/account/data", &other).await;
    assert_eq!(theirs.status(), StatusCode::OK);
    app.stop().await;
}
