//! Two-step sign-in over the real HTTP API, on SQLite and on PostgreSQL (when
//! TEST_DATABASE_URL is set): setting it up, every way in asking for the code, codes working
//! once, the lock after wrong codes, staff kept to the set-up page until they have a factor, and
//! an admin's and the command line's reset.

use college_site::{
    accounts::tokens::token_hash,
    config::{SecondFactorAction, SecondFactorArgs},
    store::{NewPasswordReset, RecentLinks, Role, now_millis},
};
use reqwest::{Response, StatusCode, header};
use serde_json::{Value, json};

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, cookie_named, error_of},
    records,
};

crate::on_both_backends!(
    setting_up_then_a_password_sign_in_asks_for_the_code,
    codes_work_once_and_wrong_ones_lock_the_account,
    a_reset_link_and_the_identity_check_ask_for_the_code,
    staff_without_a_factor_reach_only_the_set_up,
    an_admin_and_the_command_line_reset_a_lost_factor,
);

impl TestApp {
    async fn second_step(&self, waiting: &str, code: &str) -> Response {
        self.post_signed_in("/api/auth/second-factor", waiting, json!({ "code": code }))
            .await
    }

    /// Signs in with the password, which must stop at the second step; returns its cookie.
    async fn first_step(&self, email: &str) -> String {
        let response = self.login(email, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert!(
            cookie_named(&response, "session").is_none(),
            "no session yet"
        );
        let waiting = cookie_named(&response, "sign-in").expect("a waiting sign-in");
        let body: Value = response.json().await.expect("json");
        assert_eq!(body, json!({ "user": null, "secondFactor": true }));
        waiting
    }
}

async fn setting_up_then_a_password_sign_in_asks_for_the_code(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let status = app
        .get_signed_in("/api/account/second-factor", &cookie)
        .await;
    let status: Value = status.json().await.expect("json");
    assert_eq!(status["status"]["on"], false);
    assert_eq!(status["status"]["required"], false);

    // A first code that is wrong leaves the factor off.
    let started = app
        .post_signed_in(
            "/api/account/second-factor/start",
            &cookie,
            json!({ "password": PASSWORD }),
        )
        .await;
    let setup: Value = started.json().await.expect("json");
    let uri = setup["setup"]["uri"].as_str().expect("uri");
    assert!(
        uri.contains("asha@example.com") && uri.contains("secret="),
        "{uri}"
    );
    let wrong = app
        .post_signed_in(
            "/api/account/second-factor/confirm",
            &cookie,
            json!({ "code": "000000" }),
        )
        .await;
    assert_eq!(error_of(wrong).await.1, "wrong-code");
    assert_eq!(app.session_user(&cookie).await["secondFactor"], false);

    let authenticator = app.set_up_second_factor(&cookie).await;
    assert_eq!(authenticator.recovery_codes.len(), 10);
    assert_eq!(app.session_user(&cookie).await["secondFactor"], true);
    // The secret is stored sealed, never as the key the page showed.
    let uid = app.session_user(&cookie).await["uid"].clone();
    let stored = app
        .store
        .second_factor(uid.as_str().expect("uid"))
        .await
        .expect("read")
        .expect("a factor");
    assert!(
        stored.totp_secret.starts_with("v1."),
        "{}",
        stored.totp_secret
    );

    // The password alone opens nothing: the waiting cookie is no session.
    let waiting = app.first_step("asha@example.com").await;
    let account = app.get_signed_in("/api/account", &waiting).await;
    assert_eq!(account.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.session_user(&waiting).await, Value::Null);

    let wrong = app.second_step(&waiting, "123456").await;
    assert_eq!(error_of(wrong).await.1, "wrong-code");
    let done = app.second_step(&waiting, &authenticator.code(1)).await;
    assert_eq!(done.status(), StatusCode::OK);
    let session = cookie_named(&done, "session").expect("a session");
    assert_eq!(
        app.session_user(&session).await["email"],
        "asha@example.com"
    );
    // The waiting sign-in is used up.
    let again = app.second_step(&waiting, &authenticator.code(1)).await;
    assert_eq!(error_of(again).await.1, "sign-in-expired");
}

async fn codes_work_once_and_wrong_ones_lock_the_account(backend: Backend) {
    // The per-address limit is the other guard; here the account's own lock is tested.
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 100).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let authenticator = app.set_up_second_factor(&cookie).await;
    // The code that set it up cannot sign in (a code works once).
    let waiting = app.first_step("asha@example.com").await;
    let replay = app.second_step(&waiting, &authenticator.first_code).await;
    assert_eq!(error_of(replay).await.1, "wrong-code");

    // A recovery code, as typed from paper, works once.
    let code = authenticator.recovery_codes[0]
        .to_uppercase()
        .replace('-', " ");
    let done = app.second_step(&waiting, &code).await;
    assert_eq!(done.status(), StatusCode::OK);
    let waiting = app.first_step("asha@example.com").await;
    let reused = app.second_step(&waiting, &code).await;
    assert_eq!(error_of(reused).await.1, "wrong-code");
    let left = app
        .get_signed_in("/api/account/second-factor", &cookie)
        .await;
    let left: Value = left.json().await.expect("json");
    assert_eq!(left["status"]["recoveryCodesLeft"], 9);

    // Five wrong codes in a row lock the account (the replay counted already), right codes too.
    for _ in 0..3 {
        let wrong = app.second_step(&waiting, "654321").await;
        assert_eq!(error_of(wrong).await.1, "wrong-code");
    }
    let locked = app.second_step(&waiting, "654321").await;
    assert_eq!(locked.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(locked.headers().contains_key(header::RETRY_AFTER));
    let (_, code, message) = error_of(locked).await;
    assert_eq!(code, "too-many-wrong-codes");
    assert!(message.contains("We have emailed"), "{message}");
    let right = app
        .second_step(&waiting, &authenticator.recovery_codes[1])
        .await;
    assert_eq!(error_of(right).await.1, "too-many-wrong-codes");
    // The owner is told.
    let subjects =
        crate::common::raw_sql::texts(app.database_url(), "SELECT subject FROM outbox ORDER BY id")
            .await;
    assert!(
        subjects
            .iter()
            .any(|s| s == "Sign-in paused after wrong codes"),
        "{subjects:?}"
    );
}

async fn a_reset_link_and_the_identity_check_ask_for_the_code(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.signed_in("asha@example.com").await;
    let mut authenticator = app.set_up_second_factor(&cookie).await;
    let uid = app.session_user(&cookie).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned();

    // The identity check before a sensitive change asks for the code after the password.
    let change = |code: Option<String>| json!({ "currentPassword": PASSWORD, "newPassword": "library-steps-at-dawn", "code": code });
    let without = app
        .post_signed_in("/api/account/password", &cookie, change(None))
        .await;
    assert_eq!(error_of(without).await.1, "code-required");
    let wrong = app
        .post_signed_in(
            "/api/account/password",
            &cookie,
            change(Some("111111".into())),
        )
        .await;
    assert_eq!(error_of(wrong).await.1, "wrong-code");
    let code = authenticator.recovery_codes.pop();
    let changed = app
        .post_signed_in("/api/account/password", &cookie, change(code))
        .await;
    assert_eq!(changed.status(), StatusCode::OK);

    // A reset link sets the password, then waits for the code like any sign-in.
    let token = "a-reset-link-token-of-enough-length-0123456789";
    let now = now_millis();
    let reset = NewPasswordReset {
        token_hash: token_hash(token),
        account_id: uid,
        created_at: now,
        expires_at: now + 3_600_000,
    };
    let mail = records::mail("asha@example.com", "Choose a new password", "link");
    let recent = RecentLinks { since: 0, max: 10 };
    assert!(
        app.store
            .save_password_reset(&reset, &mail, recent)
            .await
            .expect("saved")
    );
    let used = app
        .api(
            "/api/auth/password-reset/confirm",
            json!({ "token": token, "password": "evening-bus-to-campus" }),
        )
        .await;
    assert_eq!(used.status(), StatusCode::OK);
    assert!(cookie_named(&used, "session").is_none(), "no session yet");
    let waiting = cookie_named(&used, "sign-in").expect("a waiting sign-in");
    let code = authenticator.recovery_codes.pop().expect("a code");
    let done = app.second_step(&waiting, &code).await;
    assert_eq!(done.status(), StatusCode::OK);
    assert!(cookie_named(&done, "session").is_some());
}

async fn staff_without_a_factor_reach_only_the_set_up(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = app.signed_in("meera@example.com").await;
    let uid = app.session_user(&cookie).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned();
    let granted = records::role_change(college_site::store::AuditAction::RoleGranted, now_millis());
    app.store
        .grant_role(&uid, Role::Office, &granted)
        .await
        .expect("granted");
    // The grant ends the session opened by the password alone; the next one is held at the
    // set-up.
    assert_eq!(app.session_user(&cookie).await, Value::Null);
    let cookie = app.signed_in_again("meera@example.com").await;
    let user = app.session_user(&cookie).await;
    assert_eq!(user["mustSetUpSecondFactor"], true);

    for path in [
        "/api/staff/summary",
        "/api/account",
        "/api/progress",
        "/api/teach/classes",
    ] {
        let refused = app.get_signed_in(path, &cookie).await;
        let (status, code, _) = error_of(refused).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::FORBIDDEN, "second-factor-required"),
            "{path}"
        );
    }
    let status = app
        .get_signed_in("/api/account/second-factor", &cookie)
        .await;
    let status: Value = status.json().await.expect("json");
    assert_eq!(status["status"]["required"], true);

    app.set_up_second_factor(&cookie).await;
    let summary = app.get_signed_in("/api/staff/summary", &cookie).await;
    assert_eq!(summary.status(), StatusCode::OK);
    assert_eq!(
        app.session_user(&cookie).await["mustSetUpSecondFactor"],
        false
    );
}

async fn an_admin_and_the_command_line_reset_a_lost_factor(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let admin = app.staff_member("admin@example.com", "admin").await;
    let teacher = app.staff_member("meera@example.com", "teacher").await;
    let teacher_id = app.session_user(&teacher).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned();
    let reset = format!("/api/staff/people/{teacher_id}/second-factor/reset");

    // Only after the admin's identity check (with their own code).
    let unconfirmed = app.post_signed_in(&reset, &admin, json!({})).await;
    assert_eq!(error_of(unconfirmed).await.1, "confirm-identity");
    app.confirm_identity(&admin).await;
    let done = app.staff_post(&reset, &admin, json!({})).await;
    assert_eq!(done["person"]["secondFactor"], false);
    // The teacher is signed out everywhere, and must set up a new factor after signing in.
    assert_eq!(app.session_user(&teacher).await, Value::Null);
    let again = app.login("meera@example.com", PASSWORD).await;
    let again = cookie_named(&again, "session").expect("a session: no factor to ask for");
    assert_eq!(
        app.session_user(&again).await["mustSetUpSecondFactor"],
        true
    );
    let audit = app
        .staff_get("/api/staff/audit?action=second-factor-reset", &admin)
        .await;
    assert_eq!(
        audit["entries"][0]["target"], "two-step sign-in reset for meera@example.com",
        "{audit}"
    );

    // The command line does the same for the last admin.
    let args = |email: &str| SecondFactorArgs {
        database: app.database_url().into(),
        contact_inbox: "office@college.test".into(),
        action: SecondFactorAction::Reset {
            email: email.into(),
        },
    };
    let said = college_site::accounts::second_factor::cli::run(args("Admin@Example.com"))
        .await
        .expect("reset");
    assert!(
        said.starts_with("Two-step sign-in is off for Admin@Example.com"),
        "{said}"
    );
    assert_eq!(app.session_user(&admin).await, Value::Null);
    let said = college_site::accounts::second_factor::cli::run(args("admin@example.com"))
        .await
        .expect("ran");
    assert!(said.ends_with("nothing changed."), "{said}");
    let unknown = college_site::accounts::second_factor::cli::run(args("nobody@example.com")).await;
    assert!(unknown.is_err());
}
