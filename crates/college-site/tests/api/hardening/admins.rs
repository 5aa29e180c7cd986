//! A disabled account stays out, and the site never loses its last admin: a sign-in racing
//! the admin's Disable opens nothing after it, disabled admins do not count as admins, the
//! only admin's account cannot be deleted, and the command line enables an account again.

use std::time::Duration;

use college_site::config::{AccountsAction, AccountsArgs};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::{Connection, PgConnection};

use crate::{
    common::{
        self, Backend, TestApp,
        auth_api::{PASSWORD, error_of},
        raw_sql,
    },
    on_both_backends,
};

on_both_backends!(
    a_disabled_accounts_leftover_session_opens_nothing,
    the_last_enabled_admin_is_never_lost
);

async fn app(backend: Backend) -> Option<TestApp> {
    TestApp::spawn(backend, |config| config.limits.auth_per_minute = 1_000).await
}

async fn uid(app: &TestApp, cookie: &str) -> String {
    app.session_user(cookie).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned()
}

async fn account_status(app: &TestApp, cookie: &str) -> StatusCode {
    app.staff_call(Method::GET, "/api/account", Some(cookie), Value::Null)
        .await
        .0
}

async fn a_disabled_accounts_leftover_session_opens_nothing(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let student = app.signed_in("student@example.com").await;
    let student_id = uid(&app, &student).await;
    assert_eq!(account_status(&app, &student).await, StatusCode::OK);

    // What a sign-in racing the Disable leaves: the account disabled, a session still there.
    raw_sql::execute(
        app.database_url(),
        &format!("UPDATE accounts SET disabled_at = 1 WHERE id = '{student_id}'"),
    )
    .await;
    assert_eq!(
        account_status(&app, &student).await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.session_user(&student).await, Value::Null);
}

/// The race itself, made certain with a lock on PostgreSQL (READ COMMITTED lets the sign-in
/// read the account as enabled while the Disable is not yet committed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sign_in_racing_the_disable_opens_nothing_after_it() {
    let Some(app) = app(Backend::Postgres).await else {
        return;
    };
    let admin = app.staff_member("admin@example.com", "admin").await;
    app.confirm_identity(&admin).await;
    let student = app.signed_in("student@example.com").await;
    let student_id = uid(&app, &student).await;

    let mut holder = PgConnection::connect(app.database_url())
        .await
        .expect("connects");
    sqlx::query("BEGIN")
        .execute(&mut holder)
        .await
        .expect("begin");
    sqlx::query("LOCK TABLE audit_log IN ACCESS EXCLUSIVE MODE")
        .execute(&mut holder)
        .await
        .expect("locked");
    let waiting = |count: i64| {
        let url = app.database_url().to_owned();
        async move {
            common::eventually(Duration::from_secs(10), || {
                let url = url.clone();
                async move {
                    let waits = raw_sql::texts(
                        &url,
                        "SELECT count(*)::text FROM pg_stat_activity
                         WHERE datname = current_database() AND wait_event_type = 'Lock'",
                    )
                    .await;
                    (waits[0].parse::<i64>().unwrap_or(0) >= count).then_some(())
                }
            })
            .await
            .expect("the statements wait on the lock");
        }
    };

    let disable = {
        let (base, client, admin) = (app.base.clone(), app.client.clone(), admin.clone());
        tokio::spawn(async move {
            client
                .post(format!("{base}/api/staff/people/{student_id}/disable"))
                .header("origin", &base)
                .header("cookie", admin)
                .json(&json!({}))
                .send()
                .await
                .expect("sent")
                .status()
        })
    };
    waiting(1).await;
    let sign_in = {
        let (base, client) = (app.base.clone(), app.client.clone());
        tokio::spawn(async move {
            client
                .post(format!("{base}/api/auth/login"))
                .header("origin", &base)
                .json(&json!({"email": "student@example.com", "password": PASSWORD}))
                .send()
                .await
                .expect("sent")
        })
    };
    waiting(2).await;
    sqlx::query("COMMIT")
        .execute(&mut holder)
        .await
        .expect("released");

    assert_eq!(disable.await.expect("task"), StatusCode::OK);
    let signed_in = sign_in.await.expect("task");
    assert_eq!(
        signed_in.status(),
        StatusCode::OK,
        "the sign-in read the account before the Disable was committed"
    );
    let cookie = common::auth_api::session_cookie(&signed_in).0;
    assert_eq!(
        account_status(&app, &cookie).await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        account_status(&app, &student).await,
        StatusCode::UNAUTHORIZED
    );
}

async fn the_last_enabled_admin_is_never_lost(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let first = app.staff_member("first@example.com", "admin").await;
    let first_id = uid(&app, &first).await;
    let second = app.staff_member("second@example.com", "admin").await;
    let second_id = uid(&app, &second).await;
    app.confirm_identity(&first).await;

    // The other admin disabled: still an admin on paper, but unable to sign in.
    app.staff_post(
        &format!("/api/staff/people/{second_id}/disable"),
        &first,
        json!({}),
    )
    .await;
    assert_eq!(
        app.staff_refusal(
            &format!("/api/staff/people/{first_id}/roles"),
            &first,
            json!({"role": "admin", "grant": false})
        )
        .await,
        (StatusCode::CONFLICT, "last-admin".to_owned())
    );

    let (status, code, message) = error_of(
        app.post_signed_in(
            "/api/account/delete",
            &first,
            json!({"password": PASSWORD, "code": app.recovery_code(&first)}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::CONFLICT, "last-admin")
    );
    assert!(message.contains("only administrator"), "{message}");
    assert_eq!(account_status(&app, &first).await, StatusCode::OK, "kept");

    // The day it happens anyway: the only admin disabled, in the database.
    raw_sql::execute(
        app.database_url(),
        &format!("UPDATE accounts SET disabled_at = 1 WHERE id = '{first_id}'"),
    )
    .await;
    let said = college_site::staff::cli::run(AccountsArgs {
        database: app.database_url().into(),
        action: AccountsAction::Enable {
            email: "First@Example.com".into(),
        },
    })
    .await
    .expect("the command works");
    assert_eq!(said, "first@example.com is enabled: it can sign in again.");
    assert_eq!(
        app.login("first@example.com", PASSWORD).await.status(),
        StatusCode::OK
    );
    let audit = raw_sql::texts(
        app.database_url(),
        "SELECT action || ' by ' || COALESCE(actor_email, 'command-line') FROM audit_log ORDER BY at DESC, id DESC",
    )
    .await;
    assert_eq!(
        audit.first().map(String::as_str),
        Some("account-enabled by command-line")
    );
}
