//! Changing an account's email with a verification link, and the pending change, on SQLite
//! and on PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{
    Backend, raw_sql,
    records::{add_account, open_with_signed_in_account},
};
use college_site::store::{NewEmailVerification, NewMail, RecentLinks, SharedStore, StoreError};

crate::on_both_backends!(
    a_change_moves_the_sign_in_email_and_tells_the_old_address,
    the_pending_change_is_the_latest_usable_link_to_another_address,
    a_change_loses_to_an_account_that_took_the_address,
    two_accounts_racing_for_one_address_cannot_both_get_it,
);

const NO_LIMIT: RecentLinks = RecentLinks {
    since: 0,
    max: i64::MAX,
};
const DAY_MS: i64 = 24 * 3_600_000;

fn link(token_hash: &str, account_id: &str, email: &str, created_at: i64) -> NewEmailVerification {
    NewEmailVerification {
        token_hash: token_hash.into(),
        account_id: account_id.into(),
        email: email.into(),
        email_key: email.to_lowercase(),
        created_at,
        expires_at: created_at + DAY_MS,
    }
}

fn mail(to: &str, subject: &str) -> NewMail {
    crate::common::records::mail(to, subject, &format!("{subject}: a mail to {to}"))
}

async fn save(store: &SharedStore, link: &NewEmailVerification) {
    let mail = mail(&link.email, "Confirm your new email address");
    let saved = store.save_email_verification(link, &mail, NO_LIMIT).await;
    assert!(saved.expect("saved"));
}

async fn a_change_moves_the_sign_in_email_and_tells_the_old_address(backend: Backend) {
    let Some((db, store)) = open_with_signed_in_account(backend).await else {
        return;
    };
    save(&store, &link("current", "uid-1", "asha@example.com", 9_000)).await;
    save(
        &store,
        &link("change", "uid-1", "Asha.New@Example.org", 10_000),
    )
    .await;
    let notice = mail("asha@example.com", "Your email address was changed");

    let done = store
        .complete_email_verification("change", 12_000, Some(&notice))
        .await
        .expect("completed")
        .expect("usable");
    assert_eq!(
        (done.account_id.as_str(), done.email.as_str(), done.changed),
        ("uid-1", "Asha.New@Example.org", true)
    );
    let moved = store
        .account_by_email("asha.new@example.org")
        .await
        .expect("read")
        .expect("found by the new address");
    assert_eq!(
        (moved.id.as_str(), moved.email_verified_at),
        ("uid-1", Some(12_000))
    );
    let old = store.account_by_email("asha@example.com").await;
    assert!(old.expect("read").is_none());
    let profile = store
        .profile("uid-1")
        .await
        .expect("read")
        .expect("profile");
    assert_eq!(profile.email, "Asha.New@Example.org");
    assert!(
        store.session("session-1").await.expect("read").is_some(),
        "sessions stay"
    );

    // Every link of the account is gone, with its unsent mail; the notice waits alone.
    let left = store.email_verifications_since("uid-1", 0).await;
    assert_eq!(left.expect("count"), 0);
    let outbox = raw_sql::texts(&db.url, "SELECT recipient FROM outbox").await;
    assert_eq!(outbox, ["asha@example.com"]);
    let queued = store
        .claim_due_mail(12_000, 20_000)
        .await
        .expect("claim")
        .expect("the notice");
    assert_eq!(queued.subject, "Your email address was changed");
    // A sent notice keeps its text: it holds no link.
    store.mark_mail_sent(queued.id, 12_500).await.expect("sent");
    let bodies = raw_sql::texts(&db.url, "SELECT body FROM outbox").await;
    assert_eq!(bodies, [notice.body]);
}

async fn the_pending_change_is_the_latest_usable_link_to_another_address(backend: Backend) {
    let Some((_db, store)) = open_with_signed_in_account(backend).await else {
        return;
    };
    let pending = |now| {
        let store = store.clone();
        async move {
            store
                .pending_email_change("uid-1", now)
                .await
                .expect("read")
        }
    };
    assert_eq!(pending(10_000).await, None);
    save(
        &store,
        &link("current", "uid-1", "asha@example.com", 10_000),
    )
    .await;
    assert_eq!(
        pending(10_000).await,
        None,
        "the current address is no change"
    );

    save(&store, &link("first", "uid-1", "first@example.org", 11_000)).await;
    save(
        &store,
        &link("second", "uid-1", "Second@example.org", 12_000),
    )
    .await;
    assert_eq!(pending(12_000).await.as_deref(), Some("Second@example.org"));
    assert_eq!(
        pending(12_000 + DAY_MS).await.as_deref(),
        None,
        "links expire"
    );
    assert_eq!(
        pending(11_000 + DAY_MS).await.as_deref(),
        Some("Second@example.org")
    );

    store
        .complete_email_verification("second", 13_000, None)
        .await
        .expect("completed")
        .expect("used");
    assert_eq!(pending(13_000).await, None, "done");
}

async fn a_change_loses_to_an_account_that_took_the_address(backend: Backend) {
    let Some((db, store)) = open_with_signed_in_account(backend).await else {
        return;
    };
    save(&store, &link("change", "uid-1", "new@example.org", 10_000)).await;
    // Another account registers the address before the link is used.
    add_account(&store, "uid-2", "new@example.org").await;
    let notice = mail("asha@example.com", "Your email address was changed");
    let lost = store
        .complete_email_verification("change", 12_000, Some(&notice))
        .await;
    assert!(matches!(lost, Err(StoreError::Conflict)), "{lost:?}");

    let account = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(
        (account.email_key.as_str(), account.email_verified_at),
        ("asha@example.com", None)
    );
    let profile = store
        .profile("uid-1")
        .await
        .expect("read")
        .expect("profile");
    assert_eq!(profile.email, "asha@example.com");
    let outbox = raw_sql::texts(&db.url, "SELECT subject FROM outbox").await;
    assert_eq!(outbox, ["Confirm your new email address"], "no notice");
    let owner = store.account_by_email("new@example.org").await;
    assert_eq!(owner.expect("read").expect("account").id, "uid-2");
}

async fn two_accounts_racing_for_one_address_cannot_both_get_it(backend: Backend) {
    let Some((_db, store)) = open_with_signed_in_account(backend).await else {
        return;
    };
    add_account(&store, "uid-2", "ravi@example.com").await;
    save(
        &store,
        &link("asha-link", "uid-1", "shared@example.org", 10_000),
    )
    .await;
    save(
        &store,
        &link("ravi-link", "uid-2", "shared@example.org", 10_000),
    )
    .await;
    let uses: Vec<_> = ["asha-link", "ravi-link"]
        .into_iter()
        .map(|token| {
            let store = store.clone();
            tokio::spawn(
                async move { store.complete_email_verification(token, 11_000, None).await },
            )
        })
        .collect();
    let mut won = Vec::new();
    let mut conflicts = 0;
    for used in uses {
        match used.await.expect("joined") {
            Ok(Some(done)) => won.push(done.account_id),
            Err(StoreError::Conflict) => conflicts += 1,
            other => panic!("unexpected: {other:?}"),
        }
    }
    assert_eq!((won.len(), conflicts), (1, 1));
    let owner = store.account_by_email("shared@example.org").await;
    assert_eq!(owner.expect("read").expect("account").id, won[0]);
}
