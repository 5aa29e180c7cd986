//! Linking Google to an account with an email address, on SQLite and on PostgreSQL (when
//! TEST_DATABASE_URL is set): a verified account keeps access, an unverified one loses
//! everything its password's owner started.

use crate::common::{
    Backend,
    records::{add_account, open_with_signed_in_account},
};
use college_site::store::{NewEmailVerification, NewMail, RecentLinks, StoreError};

crate::on_both_backends!(
    google_links_keeping_access_and_addresses_are_marked_verified,
    linking_an_unverified_account_ends_its_sessions_and_links,
);

async fn google_links_keeping_access_and_addresses_are_marked_verified(backend: Backend) {
    let Some((_db, store)) = open_with_signed_in_account(backend).await else {
        return;
    };
    store
        .mark_email_verified("uid-1", 10_000)
        .await
        .expect("marked");
    let before = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(before.email_verified_at, Some(10_000));

    store
        .link_google_keeping_access("uid-1", "google-sub-1")
        .await
        .expect("linked");
    let linked = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(linked.google_sub.as_deref(), Some("google-sub-1"));
    assert_eq!(linked.password_hash, before.password_hash, "password kept");
    assert!(
        store.session("session-1").await.expect("read").is_some(),
        "sessions kept"
    );
    let found = store.account_by_google_sub("google-sub-1").await;
    assert_eq!(found.expect("read").expect("account").id, "uid-1");

    // One Google account opens one account only.
    add_account(&store, "uid-2", "ravi@example.com").await;
    let taken = store
        .link_google_keeping_access("uid-2", "google-sub-1")
        .await;
    assert!(matches!(taken, Err(StoreError::Conflict)), "{taken:?}");
}

async fn linking_an_unverified_account_ends_its_sessions_and_links(backend: Backend) {
    let Some((_db, store)) = open_with_signed_in_account(backend).await else {
        return;
    };
    // Whoever set the password asked to move the account to an address of their own.
    let link = NewEmailVerification {
        token_hash: "squatter-link".into(),
        account_id: "uid-1".into(),
        email: "squatter@example.net".into(),
        email_key: "squatter@example.net".into(),
        created_at: 10_000,
        expires_at: 10_000 + 24 * 3_600_000,
    };
    let mail = NewMail {
        recipient: "squatter@example.net".into(),
        reply_to: "office@college.test".into(),
        subject: "Confirm your new email address".into(),
        body: "a link".into(),
    };
    let no_limit = RecentLinks {
        since: 0,
        max: i64::MAX,
    };
    let saved = store.save_email_verification(&link, &mail, no_limit).await;
    assert!(saved.expect("saved"));

    // Only while the account has the address Google vouched for.
    let elsewhere = store
        .link_google_ending_access("uid-1", "other@example.com", "google-sub-1", 20_000)
        .await;
    assert!(!elsewhere.expect("no error"));
    let untouched = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(untouched.google_sub, None);
    assert!(untouched.password_hash.is_some());

    let linked = store
        .link_google_ending_access("uid-1", "asha@example.com", "google-sub-1", 20_000)
        .await;
    assert!(linked.expect("linked"));
    let account = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(
        (
            account.google_sub.as_deref(),
            account.password_hash,
            account.email_verified_at
        ),
        (Some("google-sub-1"), None, Some(20_000))
    );
    assert!(store.session("session-1").await.expect("read").is_none());
    let usable = store.email_verification("squatter-link", 20_000).await;
    assert_eq!(usable.expect("read"), None, "the squatter's link is gone");
    let pending = store.pending_email_change("uid-1", 20_000).await;
    assert_eq!(pending.expect("read"), None);

    // One Google account opens one account only.
    add_account(&store, "uid-2", "ravi@example.com").await;
    let taken = store
        .link_google_ending_access("uid-2", "ravi@example.com", "google-sub-1", 21_000)
        .await;
    assert!(matches!(taken, Err(StoreError::Conflict)), "{taken:?}");
}
