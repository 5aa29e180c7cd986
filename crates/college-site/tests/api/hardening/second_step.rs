//! Two-step sign-in cannot be skipped by anything opened before it was required: whether a
//! session passed the second step belongs to the session. Tried as an attacker would: a session
//! opened with the password alone before the grant, or after it but before set-up; a passkey
//! added while the account held no role; setting up one's own authenticator from a session
//! left open somewhere. On SQLite and PostgreSQL (when TEST_DATABASE_URL is set).

use college_site::config::{Config, RolesAction};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, cookie_named, error_of},
    passkey_device::PasskeyDevice,
    raw_sql,
};

crate::on_both_backends!(
    sessions_opened_before_the_factor_never_become_staff_sessions,
    a_passkey_added_before_the_role_is_a_first_step_only,
    setting_up_asks_for_the_password_and_signs_out_the_rest,
    a_burst_of_wrong_codes_is_judged_five_at_most,
);

fn many_tries(config: &mut Config) {
    config.limits.auth_per_minute = 1_000;
}

fn a_notice() -> Value {
    json!({ "title": "Exam timetable", "body": "Papers start on Monday.", "category": "exams", "pinned": false })
}

async fn grant(app: &TestApp, email: &str, role: &str) {
    app.roles_command(RolesAction::Grant {
        email: email.into(),
        role: role.into(),
    })
    .await;
}

async fn subjects(app: &TestApp) -> Vec<String> {
    raw_sql::texts(app.database_url(), "SELECT subject FROM outbox").await
}

async fn sessions_opened_before_the_factor_never_become_staff_sessions(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, many_tries).await else {
        return;
    };
    // Opened with the password before the grant: the grant ends it.
    let before_grant = app.signed_in("meera@example.com").await;
    grant(&app, "meera@example.com", "editor").await;
    assert_eq!(app.session_user(&before_grant).await, Value::Null);

    // Opened after the grant, before set-up: held at the set-up page...
    let held = app.signed_in_again("meera@example.com").await;
    let (status, refused) = app
        .staff_call(
            Method::POST,
            "/api/content/notices",
            Some(&held),
            a_notice(),
        )
        .await;
    assert_eq!(
        (status, &refused["error"]["code"]),
        (StatusCode::FORBIDDEN, &json!("second-factor-required"))
    );
    // ...and once the owner sets up the app on another device, it ends: it never proved it.
    let owners = app.signed_in_again("meera@example.com").await;
    app.set_up_second_factor(&owners).await;
    let (status, _) = app
        .staff_call(
            Method::POST,
            "/api/content/notices",
            Some(&held),
            a_notice(),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.session_user(&held).await, Value::Null);
    // The owner's own session, which set it up, is an editor's.
    let (status, body) = app
        .staff_call(
            Method::POST,
            "/api/content/notices",
            Some(&owners),
            a_notice(),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // A session the password alone opens on an account that already has a factor, left from
    // before sessions recorded the second step, ends when it is next used.
    let legacy = app.signed_in("ravi@example.com").await;
    let theirs = app.signed_in_again("ravi@example.com").await;
    app.set_up_second_factor(&theirs).await;
    raw_sql::execute(
        app.database_url(),
        "UPDATE sessions SET second_step_at = NULL",
    )
    .await;
    grant(&app, "ravi@example.com", "office").await;
    let summary = app.get_signed_in("/api/staff/summary", &theirs).await;
    assert_eq!(summary.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.session_user(&legacy).await, Value::Null);
}

async fn a_passkey_added_before_the_role_is_a_first_step_only(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, many_tries).await else {
        return;
    };
    // Added while the account held no role: the identity check asked for the password alone.
    let cookie = app.signed_in("asha@example.com").await;
    let mut early = PasskeyDevice::new(&app.localhost(), true);
    let added = app
        .add_passkey(
            &cookie,
            &mut early,
            "passkey",
            "Added early",
            json!({ "password": PASSWORD }),
        )
        .await;
    assert_eq!(added.status(), StatusCode::CREATED);
    let list: Value = added.json().await.expect("json");
    assert_eq!(list["passkeys"][0]["withSecondStep"], false);

    grant(&app, "asha@example.com", "admin").await;
    let owners = app.signed_in_again("asha@example.com").await;
    app.set_up_second_factor(&owners).await;
    // A password change does not make it more than it was either.
    let proof = json!({ "currentPassword": PASSWORD, "newPassword": "lamp-by-the-library-7", "code": app.recovery_code(&owners) });
    let changed = app
        .post_signed_in("/api/account/password", &owners, proof)
        .await;
    assert_eq!(changed.status(), StatusCode::OK, "password changed");

    // Alone, it now starts a sign-in that waits for the code, and opens nothing.
    let answer = app
        .passkey_answer("/api/auth/passkey/challenge", None, &mut early)
        .await;
    let first = app
        .post_as_localhost("/api/auth/passkey", None, answer)
        .await;
    assert_eq!(first.status(), StatusCode::OK);
    assert!(cookie_named(&first, "session").is_none(), "no session");
    let waiting = cookie_named(&first, "sign-in").expect("a sign-in waiting for its code");
    let body: Value = first.json().await.expect("json");
    assert_eq!(body, json!({ "user": null, "secondFactor": true }));
    // Nor can it answer the second step in place of the code.
    let ways = app.get_signed_in("/api/auth/second-factor", &waiting).await;
    assert_eq!(
        ways.json::<Value>().await.expect("json"),
        json!({ "passkeys": false })
    );
    let second = app
        .post_as_localhost(
            "/api/auth/second-factor/passkey/challenge",
            Some(&waiting),
            json!({}),
        )
        .await;
    assert_eq!(error_of(second).await.1, "not-found");
    // The code finishes it, and the session is staff's.
    let code = json!({ "code": app.recovery_code(&owners) });
    let done = app
        .post_signed_in("/api/auth/second-factor", &waiting, code)
        .await;
    let session = cookie_named(&done, "session").expect("signed in");
    let people = app.get_signed_in("/api/staff/people", &session).await;
    assert_eq!(people.status(), StatusCode::OK);

    // A passkey added by a session that passed the second step signs in alone.
    let mut later = PasskeyDevice::new(&app.localhost(), true);
    let proof = json!({ "password": "lamp-by-the-library-7", "code": app.recovery_code(&owners) });
    let added = app
        .add_passkey(&session, &mut later, "passkey", "Added later", proof)
        .await;
    assert_eq!(added.status(), StatusCode::CREATED);
    let answer = app
        .passkey_answer("/api/auth/passkey/challenge", None, &mut later)
        .await;
    let alone = app
        .post_as_localhost("/api/auth/passkey", None, answer)
        .await;
    let session = cookie_named(&alone, "session").expect("signed in alone");
    let people = app.get_signed_in("/api/staff/people", &session).await;
    assert_eq!(people.status(), StatusCode::OK);
}

async fn setting_up_asks_for_the_password_and_signs_out_the_rest(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, many_tries).await else {
        return;
    };
    let left_open = app.signed_in("ravi@example.com").await;
    grant(&app, "ravi@example.com", "office").await;
    let left_open_after = app.signed_in_again("ravi@example.com").await;
    let owners = app.signed_in_again("ravi@example.com").await;

    // A session left open cannot start set-up without the password.
    for proof in [json!({}), json!({ "password": "guessed-wrong-1" })] {
        let refused = app
            .post_signed_in("/api/account/second-factor/start", &left_open_after, proof)
            .await;
        assert_eq!(error_of(refused).await.1, "wrong-password");
    }
    assert_eq!(app.session_user(&left_open).await, Value::Null);

    app.set_up_second_factor(&owners).await;
    // Every other session of the account ended; the owner was mailed.
    assert_eq!(app.session_user(&left_open_after).await, Value::Null);
    assert_eq!(app.session_user(&owners).await["email"], "ravi@example.com");
    assert!(
        subjects(&app)
            .await
            .iter()
            .any(|s| s == "Two-step sign-in is on"),
        "mailed"
    );
    let summary = app.get_signed_in("/api/staff/summary", &owners).await;
    assert_eq!(summary.status(), StatusCode::OK);
}

async fn a_burst_of_wrong_codes_is_judged_five_at_most(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, many_tries).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let authenticator = app.set_up_second_factor(&cookie).await;
    let first = app.login("asha@example.com", PASSWORD).await;
    let waiting = cookie_named(&first, "sign-in").expect("a waiting sign-in");
    // Twelve guesses at once: each used to pass the lock's check before any was counted.
    let guesses = (0..12).map(|n| {
        let (app, waiting) = (&app, waiting.clone());
        async move {
            let guess = json!({ "code": format!("{:06}", 100_000 + n) });
            let answer = app
                .post_signed_in("/api/auth/second-factor", &waiting, guess)
                .await;
            error_of(answer).await.1
        }
    });
    let codes = futures_util::future::join_all(guesses).await;
    let judged = codes.iter().filter(|code| *code == "wrong-code").count();
    let paused = codes
        .iter()
        .filter(|code| *code == "too-many-wrong-codes")
        .count();
    // Four judged wrong, the fifth judged and pausing, the other seven refused unjudged; the
    // owner told once.
    assert_eq!((judged, paused), (4, 8), "{codes:?}");
    let told = subjects(&app)
        .await
        .iter()
        .filter(|s| *s == "Sign-in paused after wrong codes")
        .count();
    assert_eq!(told, 1);
    // Paused: even the right code waits.
    let right = json!({ "code": authenticator.code(1) });
    let refused = app
        .post_signed_in("/api/auth/second-factor", &waiting, right)
        .await;
    assert_eq!(error_of(refused).await.1, "too-many-wrong-codes");
}
