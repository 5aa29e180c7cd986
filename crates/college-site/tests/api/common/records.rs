//! Account, session and mail records for store tests.

use college_site::store::{
    Account, Actor, AuditAction, NewAuditEntry, NewMail, NewSession, Profile, SharedStore,
};

use super::{Backend, TestDatabase};

pub fn account(id: &str, email_key: &str) -> (Account, Profile) {
    (
        Account {
            id: id.into(),
            email_key: email_key.into(),
            password_hash: Some("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into()),
            google_sub: None,
            created_at: 1_000,
            email_verified_at: None,
            disabled_at: None,
        },
        Profile {
            id: id.into(),
            display_name: Some("Asha".into()),
            email: email_key.into(),
            mobile: Some("9876543210".into()),
            extra: serde_json::Map::new(),
            created_at: 1_000,
        },
    )
}

pub fn session(token_hash: &str, account_id: &str, expires_at: i64) -> NewSession {
    NewSession {
        token_hash: token_hash.into(),
        public_id: format!("id-{token_hash}"),
        account_id: account_id.into(),
        remember: true,
        user_agent: Some("Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0".into()),
        created_at: 1_000,
        expires_at,
        second_step_at: None,
    }
}

/// The audit entry of a role change made at `at` from the command line, for store tests that
/// grant roles.
pub fn role_change(action: AuditAction, at: i64) -> NewAuditEntry {
    NewAuditEntry {
        at,
        actor: Actor::CommandLine,
        action,
        target_email: None,
        target: "a role change in a test".into(),
    }
}

/// Stores the account `id` at `email` (see [`account`]).
pub async fn add_account(store: &SharedStore, id: &str, email: &str) {
    let (record, profile) = account(id, email);
    store
        .create_account(&record, &profile)
        .await
        .expect("created");
}

/// A fresh database with `uid-1` at asha@example.com, signed in (session `session-1`).
pub async fn open_with_signed_in_account(backend: Backend) -> Option<(TestDatabase, SharedStore)> {
    let database = TestDatabase::create(backend).await?;
    let store = database.store().await;
    add_account(&store, "uid-1", "asha@example.com").await;
    store
        .create_session(&session("session-1", "uid-1", i64::MAX / 2))
        .await
        .expect("session");
    Some((database, store))
}

/// A mail from the site to `to`, answered to the office.
pub fn mail(to: &str, subject: &str, body: &str) -> NewMail {
    NewMail {
        recipient: to.into(),
        reply_to: "office@college.test".into(),
        subject: subject.into(),
        body: body.into(),
    }
}
