//! Accounts that never confirmed their address and lie unused are told a week before they are
//! deleted, and deleted only if still unused then; confirmed, staff and Google accounts never
//! are. On SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use college_site::{
    accounts::{dormant::tell_and_purge, time::DAY_MS},
    store::{AuditAction, Role, SharedStore},
};
use lettre::message::Mailbox;

use crate::common::{
    Backend, TestDatabase, raw_sql,
    records::{account, add_account, role_change, session},
};

crate::on_both_backends!(unconfirmed_unused_accounts_are_told_then_deleted);

/// Accounts are made at 1 000 ms (see `records::account`).
const MADE: i64 = 1_000;

async fn signs_in(store: &SharedStore, id: &str, at: i64) {
    let mut new = session(&format!("session-{id}-{at}"), id, i64::MAX / 2);
    new.created_at = at;
    assert!(store.create_session(&new).await.expect("session"));
}

async fn told(db: &TestDatabase) -> Vec<String> {
    raw_sql::texts(
        &db.url,
        "SELECT recipient FROM outbox WHERE subject = 'Your account will be deleted' ORDER BY id",
    )
    .await
}

async fn unconfirmed_unused_accounts_are_told_then_deleted(backend: Backend) {
    let Some(db) = TestDatabase::create(backend).await else {
        return;
    };
    let store = db.store().await;
    let inbox: Mailbox = "Office <office@college.test>".parse().expect("mailbox");
    let run = |now: i64| tell_and_purge(&store, 30, &inbox, Some("https://college.test"), now);

    add_account(&store, "dormant", "dormant@example.com").await;
    add_account(&store, "comes-back", "back@example.com").await;
    let (mut confirmed, profile) = account("confirmed", "confirmed@example.com");
    confirmed.email_verified_at = Some(MADE);
    store
        .create_account(&confirmed, &profile)
        .await
        .expect("created");
    let (mut google, profile) = account("google", "google@example.com");
    google.google_sub = Some("sub-1".into());
    store
        .create_account(&google, &profile)
        .await
        .expect("created");
    add_account(&store, "teacher", "teacher@example.com").await;
    let granted = role_change(AuditAction::RoleGranted, MADE);
    store
        .grant_role("teacher", Role::Teacher, &granted)
        .await
        .expect("granted");
    add_account(&store, "in-use", "in-use@example.com").await;
    signs_in(&store, "in-use", MADE + 20 * DAY_MS).await;

    // Unused for 23 days: told a week ahead, once.
    let first = MADE + 23 * DAY_MS + 1;
    let done = run(first).await.expect("ran");
    assert_eq!((done.told, done.deleted), (2, 0));
    assert_eq!(told(&db).await.len(), 2);
    let again = run(first + 60_000).await.expect("ran");
    assert_eq!((again.told, again.deleted), (0, 0));
    let body = raw_sql::texts(
        &db.url,
        "SELECT body FROM outbox WHERE recipient LIKE '%dormant@example.com%'",
    )
    .await;
    assert!(
        body[0].contains("https://college.test/login"),
        "{}",
        body[0]
    );
    assert!(
        body[0].contains("deleted, with everything kept for it"),
        "{}",
        body[0]
    );

    // One comes back within the week: it is kept.
    signs_in(&store, "comes-back", first + DAY_MS).await;
    let week_later = first + 7 * DAY_MS;
    let done = run(week_later).await.expect("ran");
    assert_eq!(done.deleted, 1);
    assert!(
        store.account("dormant").await.expect("read").is_none(),
        "deleted"
    );
    for kept in ["comes-back", "confirmed", "google", "teacher", "in-use"] {
        assert!(
            store.account(kept).await.expect("read").is_some(),
            "{kept} kept"
        );
    }

    // Left unused again, the one that came back is told again, and only then deleted.
    let unused_again = first + DAY_MS + 23 * DAY_MS + 1;
    let done = run(unused_again).await.expect("ran");
    assert_eq!(
        done.told, 2,
        "comes-back, and in-use now unused long enough"
    );
    assert_eq!(done.deleted, 0);
    let done = run(unused_again + 7 * DAY_MS).await.expect("ran");
    assert_eq!(done.deleted, 2);
    assert!(store.account("comes-back").await.expect("read").is_none());
}
