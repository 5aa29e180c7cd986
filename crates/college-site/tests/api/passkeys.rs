//! Passkeys and security keys over the real HTTP API, on SQLite and on PostgreSQL (when
//! TEST_DATABASE_URL is set), with a software authenticator (`common::passkey_device`): adding
//! one after the identity check, a passkey signing in alone, a security key only as a second
//! step, answers that work once, a phishing page's answer refused, the bounds, and removing.
//!
//! The server runs on a loopback address, which WebAuthn does not take as a site's id: the
//! requests come as `localhost`, as a browser opening `http://localhost:PORT` would.

use college_site::config::Config;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, cookie_named, error_of},
    passkey_device::PasskeyDevice,
    passkeys_api::keep_passkey,
};

crate::on_both_backends!(
    a_passkey_is_added_and_signs_in_alone,
    a_security_key_is_a_second_step_only,
    bad_answers_and_the_bounds_are_refused_clearly,
);

/// These tests make more sign-in calls a minute than one address may (that limit has its own
/// tests): the allowance is raised, the per-account one of sensitive changes kept.
fn many_tries(config: &mut Config) {
    config.limits.auth_per_minute = 1_000;
}

async fn a_passkey_is_added_and_signs_in_alone(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, many_tries).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let mut phone = PasskeyDevice::new(&app.localhost(), true);

    // The identity check comes first: no password, no challenge.
    let refused = app
        .add_passkey(
            &cookie,
            &mut phone,
            "passkey",
            "My phone",
            json!({ "password": "wrong" }),
        )
        .await;
    assert_eq!(error_of(refused).await.1, "wrong-password");

    let added = app
        .add_passkey(
            &cookie,
            &mut phone,
            "passkey",
            "My phone",
            json!({ "password": PASSWORD }),
        )
        .await;
    assert_eq!(added.status(), StatusCode::CREATED);
    let list: Value = added.json().await.expect("json");
    assert_eq!(list["max"], 10);
    let passkey = &list["passkeys"][0];
    assert_eq!(
        (&passkey["name"], &passkey["kind"], &passkey["lastUsedAt"]),
        (&json!("My phone"), &json!("passkey"), &Value::Null)
    );
    let subjects =
        crate::common::raw_sql::texts(app.database_url(), "SELECT subject FROM outbox").await;
    assert!(
        subjects
            .iter()
            .any(|s| s == "A passkey was added to your account"),
        "{subjects:?}"
    );

    // Signed out, the passkey alone signs in: no password, no code.
    let answer = app
        .passkey_answer("/api/auth/passkey/challenge", None, &mut phone)
        .await;
    let signed_in = app
        .post_as_localhost("/api/auth/passkey", None, answer.clone())
        .await;
    assert_eq!(signed_in.status(), StatusCode::OK);
    let session = cookie_named(&signed_in, "session").expect("a session");
    let body: Value = signed_in.json().await.expect("json");
    assert_eq!(body["user"]["email"], "asha@example.com");
    assert_eq!(
        app.session_user(&session).await["email"],
        "asha@example.com"
    );

    // The same answer again finds no challenge waiting: it worked once.
    let replayed = app
        .post_as_localhost("/api/auth/passkey", None, answer)
        .await;
    assert_eq!(error_of(replayed).await.1, "passkey-expired");

    let listed = app.get_signed_in("/api/account/passkeys", &session).await;
    let list: Value = listed.json().await.expect("json");
    assert!(list["passkeys"][0]["lastUsedAt"].is_i64(), "{list}");
}

async fn a_security_key_is_a_second_step_only(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, many_tries).await else {
        return;
    };
    let cookie = app.signed_in("ravi@example.com").await;
    let mut key = PasskeyDevice::new(&app.localhost(), false);

    // A key that checks no one is no passkey, and no second step before the app is on.
    let proof = json!({ "password": PASSWORD });
    let not_a_passkey = app
        .add_passkey(&cookie, &mut key, "passkey", "Blue key", proof.clone())
        .await;
    assert_eq!(error_of(not_a_passkey).await.1, "passkey-failed");
    let no_app = app
        .add_passkey(&cookie, &mut key, "security-key", "Blue key", proof)
        .await;
    assert_eq!(error_of(no_app).await.1, "security-key-needs-app");

    app.set_up_second_factor(&cookie).await;
    let proof = json!({ "password": PASSWORD, "code": app.recovery_code(&cookie) });
    let added = app
        .add_passkey(&cookie, &mut key, "security-key", "Blue key", proof)
        .await;
    assert_eq!(added.status(), StatusCode::CREATED);

    // Alone, it signs no one in.
    let answer = app
        .passkey_answer("/api/auth/passkey/challenge", None, &mut key)
        .await;
    let alone = app
        .post_as_localhost("/api/auth/passkey", None, answer)
        .await;
    assert_eq!(error_of(alone).await.1, "passkey-unknown");

    // After the password, it answers the second step instead of a code.
    let first = app.login("ravi@example.com", PASSWORD).await;
    let waiting = cookie_named(&first, "sign-in").expect("a waiting sign-in");
    let ways = app.get_signed_in("/api/auth/second-factor", &waiting).await;
    assert_eq!(
        ways.json::<Value>().await.expect("json"),
        json!({ "passkeys": true })
    );
    // The browser is not steered to a USB key alone: a passkey on the phone may answer too.
    let challenge: Value = app
        .post_as_localhost(
            "/api/auth/second-factor/passkey/challenge",
            Some(&waiting),
            json!({}),
        )
        .await
        .json()
        .await
        .expect("json");
    let options = &challenge["options"]["publicKey"];
    assert!(
        options["allowCredentials"].is_array() && options.get("hints").is_none(),
        "{options}"
    );
    let answer = app
        .passkey_answer(
            "/api/auth/second-factor/passkey/challenge",
            Some(&waiting),
            &mut key,
        )
        .await;
    let done = app
        .post_as_localhost("/api/auth/second-factor/passkey", Some(&waiting), answer)
        .await;
    assert_eq!(done.status(), StatusCode::OK);
    let session = cookie_named(&done, "session").expect("a session");
    assert_eq!(
        app.session_user(&session).await["email"],
        "ravi@example.com"
    );

    // Turning the app off takes the security key with it: it was a second step beside it.
    let proof = json!({ "password": PASSWORD, "code": app.recovery_code(&cookie) });
    let off = app
        .post_signed_in("/api/account/second-factor/off", &session, proof)
        .await;
    assert_eq!(off.status(), StatusCode::OK);
    let list: Value = app
        .get_signed_in("/api/account/passkeys", &session)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(list["passkeys"], json!([]));
}

async fn bad_answers_and_the_bounds_are_refused_clearly(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, many_tries).await else {
        return;
    };
    let cookie = app.signed_in("meera@example.com").await;
    let proof = json!({ "password": PASSWORD });

    // A page elsewhere (a phishing copy) gets an answer the site refuses.
    let mut phished = PasskeyDevice::new(&app.localhost(), true).on_page("http://evil.example");
    let refused = app
        .add_passkey(&cookie, &mut phished, "passkey", "Phone", proof.clone())
        .await;
    assert_eq!(error_of(refused).await.1, "passkey-failed");

    // Made-up tokens, broken answers and over-long names: clear 4xx, never a 5xx.
    let expired = app
        .post_as_localhost(
            "/api/auth/passkey",
            None,
            json!({ "token": "made-up", "credential": PasskeyDevice::new(&app.localhost(), true).get(&json!({ "publicKey": { "challenge": "AAAA", "rpId": "localhost" } })) }),
        )
        .await;
    assert_eq!(error_of(expired).await.1, "passkey-expired");
    let broken = app
        .post_as_localhost(
            "/api/auth/passkey",
            None,
            json!({ "token": "x", "credential": { "id": 5 } }),
        )
        .await;
    assert!(broken.status().is_client_error(), "{}", broken.status());
    let mut phone = PasskeyDevice::new(&app.localhost(), true);
    let long = app
        .add_passkey(
            &cookie,
            &mut phone,
            "passkey",
            &"x".repeat(61),
            proof.clone(),
        )
        .await;
    assert_eq!(error_of(long).await.1, "invalid-input");
    let turned = app
        .add_passkey(
            &cookie,
            &mut phone,
            "passkey",
            "evil\u{202E}txt",
            proof.clone(),
        )
        .await;
    assert_eq!(error_of(turned).await.1, "invalid-input");

    // Ten at most: with nine kept (straight into the store, as the sensitive changes an
    // account may make in a row are fewer), the tenth is added and the eleventh refused.
    let account_id = app.session_user(&cookie).await["uid"]
        .as_str()
        .expect("a uid")
        .to_owned();
    for n in 0..9 {
        keep_passkey(&app, &account_id, n).await;
    }
    let tenth = app
        .add_passkey(&cookie, &mut phone, "passkey", "", proof.clone())
        .await;
    assert_eq!(tenth.status(), StatusCode::CREATED);
    let list: Value = tenth.json().await.expect("json");
    assert_eq!(
        list["passkeys"][9]["name"], "Passkey",
        "an empty name gets the kind's"
    );
    let mut phone = PasskeyDevice::new(&app.localhost(), true);
    let eleventh = app
        .add_passkey(&cookie, &mut phone, "passkey", "One more", proof.clone())
        .await;
    assert_eq!(error_of(eleventh).await.1, "too-many-passkeys");

    // Removing asks who you are too; then the passkey is gone and its owner told.
    let list: Value = app
        .get_signed_in("/api/account/passkeys", &cookie)
        .await
        .json()
        .await
        .expect("json");
    let id = list["passkeys"][0]["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let path = format!("/api/account/passkeys/{id}/remove");
    let wrong = app
        .post_signed_in(&path, &cookie, json!({ "password": "wrong" }))
        .await;
    assert_eq!(error_of(wrong).await.1, "wrong-password");
    let removed = app.post_signed_in(&path, &cookie, proof.clone()).await;
    assert_eq!(removed.status(), StatusCode::OK);
    let list: Value = removed.json().await.expect("json");
    assert_eq!(list["passkeys"].as_array().map(Vec::len), Some(9));
    assert!(
        list["passkeys"]
            .as_array()
            .expect("a list")
            .iter()
            .all(|p| p["id"] != id.as_str())
    );
    let again = app.post_signed_in(&path, &cookie, proof).await;
    assert_eq!(error_of(again).await.0, StatusCode::NOT_FOUND);
    let subjects =
        crate::common::raw_sql::texts(app.database_url(), "SELECT subject FROM outbox").await;
    assert!(
        subjects
            .iter()
            .any(|s| s == "A passkey was removed from your account"),
        "{subjects:?}"
    );
}
