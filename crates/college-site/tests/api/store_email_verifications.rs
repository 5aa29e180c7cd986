//! The email verification store methods (links for the current address, their mails, limit,
//! the newest link superseding the earlier ones, and purge), on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set). Changes of address
//! are in `store_email_changes.rs`.

use crate::common::{Backend, TestDatabase, raw_sql, records::account};
use college_site::{
    accounts::email::verification::{LINK_LIMIT_WINDOW_MS, MAX_LINKS_PER_WINDOW},
    store::{NewEmailVerification, NewMail, RecentLinks, SharedStore},
};

crate::on_both_backends!(
    a_link_is_stored_with_its_mail,
    verifying_the_current_address_works_once,
    an_expired_link_changes_nothing,
    expired_links_are_purged_with_their_mails,
    a_verification_mail_keeps_no_link_once_sent_or_used,
    parallel_requests_cannot_pass_the_limit_of_recent_links,
    links_and_their_mails_go_with_their_account,
    only_the_newest_link_of_an_account_works,
    superseded_links_count_toward_the_limit_even_after_the_purge,
);

const NO_LIMIT: RecentLinks = RecentLinks {
    since: 0,
    max: i64::MAX,
};
const DAY_MS: i64 = 24 * 3_600_000;

/// A link for `email`, asked for by `uid-1` at `created_at`.
fn link(token_hash: &str, email: &str, created_at: i64) -> NewEmailVerification {
    NewEmailVerification {
        token_hash: token_hash.into(),
        account_id: "uid-1".into(),
        email: email.into(),
        email_key: email.to_lowercase(),
        created_at,
        expires_at: created_at + DAY_MS,
    }
}

fn mail(to: &str) -> NewMail {
    crate::common::records::mail(
        to,
        "Confirm your email address",
        "https://college.test/account/verify#token=abc",
    )
}

/// A database with one account, `uid-1`, at asha@example.com, not verified.
async fn open_with_account(backend: Backend) -> Option<(TestDatabase, SharedStore)> {
    let database = TestDatabase::create(backend).await?;
    let store = database.store().await;
    let (asha, profile) = account("uid-1", "asha@example.com");
    store
        .create_account(&asha, &profile)
        .await
        .expect("created");
    Some((database, store))
}

async fn save(store: &SharedStore, link: &NewEmailVerification) {
    let saved = store
        .save_email_verification(link, &mail(&link.email), NO_LIMIT)
        .await
        .expect("saved");
    assert!(saved);
}

async fn verified_at(store: &SharedStore) -> Option<i64> {
    let account = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    account.email_verified_at
}

async fn a_link_is_stored_with_its_mail(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    save(&store, &link("v-1", "asha@example.com", 10_000)).await;
    save(&store, &link("v-2", "asha@example.com", 20_000)).await;
    let count = |since| {
        let store = store.clone();
        async move { store.email_verifications_since("uid-1", since).await }
    };
    assert_eq!(count(10_000).await.expect("count"), 2);
    assert_eq!(count(10_001).await.expect("count"), 1);

    let found = store
        .email_verification("v-2", 20_001)
        .await
        .expect("read")
        .expect("usable");
    assert_eq!(
        (found.account_id.as_str(), found.email.as_str()),
        ("uid-1", "asha@example.com")
    );
    assert_eq!(found.email_key, "asha@example.com");
    let unknown = store.email_verification("unknown", 20_001).await;
    assert_eq!(unknown.expect("read"), None);
    let at_expiry = store.email_verification("v-2", 20_000 + DAY_MS).await;
    assert_eq!(
        at_expiry.expect("read"),
        None,
        "works for its lifetime only"
    );

    // Its mail waits in the outbox, due at once.
    let queued = store
        .claim_due_mail(10_000, 20_000)
        .await
        .expect("claim")
        .expect("a mail");
    assert_eq!(queued.recipient, "asha@example.com");
    assert_eq!(queued.subject, "Confirm your email address");
}

async fn verifying_the_current_address_works_once(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    save(&store, &link("v-1", "asha@example.com", 10_000)).await;
    save(&store, &link("v-2", "Asha@Example.com", 11_000)).await;

    let done = store
        .complete_email_verification("v-2", 12_000, None)
        .await
        .expect("completed")
        .expect("usable");
    assert_eq!(
        (done.account_id.as_str(), done.email.as_str(), done.changed),
        ("uid-1", "Asha@Example.com", false)
    );
    assert_eq!(verified_at(&store).await, Some(12_000));
    let account = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(account.email_key, "asha@example.com", "the address stays");

    // Used once; the earlier link had stopped working when the newer one was made.
    for token in ["v-1", "v-2"] {
        let again = store.complete_email_verification(token, 12_500, None).await;
        assert_eq!(again.expect("read"), None, "{token}");
    }
}

async fn an_expired_link_changes_nothing(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    let expired = link("v-1", "asha@example.com", 10_000);
    save(&store, &expired).await;
    let late = store
        .complete_email_verification("v-1", expired.expires_at, None)
        .await;
    assert_eq!(late.expect("read"), None);
    assert_eq!(verified_at(&store).await, None);
}

async fn expired_links_are_purged_with_their_mails(backend: Backend) {
    let Some((db, store)) = open_with_account(backend).await else {
        return;
    };
    let old = link("v-old", "asha@example.com", 10_000);
    save(&store, &old).await;
    save(&store, &link("v-new", "asha@example.com", 20_000)).await;
    store
        .purge_expired_email_verifications(old.expires_at, old.expires_at - LINK_LIMIT_WINDOW_MS)
        .await
        .expect("purged");
    let left = store.email_verifications_since("uid-1", 0).await;
    assert_eq!(left.expect("count"), 1);
    let usable = store.email_verification("v-new", old.expires_at).await;
    assert!(usable.expect("read").is_some());
    let mails = raw_sql::texts(&db.url, "SELECT email_verification FROM outbox").await;
    assert_eq!(mails, ["v-new"], "the expired link's mail is not sent");
}

async fn a_verification_mail_keeps_no_link_once_sent_or_used(backend: Backend) {
    let Some((db, store)) = open_with_account(backend).await else {
        return;
    };
    // Sent: the row stays, without its text.
    save(&store, &link("v-1", "asha@example.com", 10_000)).await;
    let sent = store
        .claim_due_mail(10_000, 20_000)
        .await
        .expect("claim")
        .expect("a mail");
    store.mark_mail_sent(sent.id, 10_500).await.expect("sent");
    let bodies = raw_sql::texts(&db.url, "SELECT body FROM outbox").await;
    assert_eq!(bodies, [""]);

    // Not sent yet when its link is used: the mail goes with the link.
    save(&store, &link("v-2", "asha@example.com", 11_000)).await;
    store
        .complete_email_verification("v-2", 12_000, None)
        .await
        .expect("completed")
        .expect("used");
    let due = store.claim_due_mail(13_000, 20_000).await.expect("claim");
    assert!(due.is_none(), "the mail of a used link is not sent");
    let bodies = raw_sql::texts(&db.url, "SELECT body FROM outbox").await;
    assert!(bodies.is_empty(), "{bodies:?}");
}

async fn parallel_requests_cannot_pass_the_limit_of_recent_links(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    // An old link does not count against the recent ones.
    save(&store, &link("v-old", "asha@example.com", 1_000)).await;
    let limit = RecentLinks {
        since: 10_000,
        max: 3,
    };
    let attempts: Vec<_> = (0..8)
        .map(|n| {
            let store = store.clone();
            tokio::spawn(async move {
                let link = link(&format!("v-{n}"), "asha@example.com", 10_000 + n);
                store
                    .save_email_verification(&link, &mail("asha@example.com"), limit)
                    .await
                    .expect("no error")
            })
        })
        .collect();
    let mut saved = 0;
    for attempt in attempts {
        saved += usize::from(attempt.await.expect("joined"));
    }
    assert_eq!(saved, 3);
    let recent = store.email_verifications_since("uid-1", 10_000).await;
    assert_eq!(recent.expect("count"), 3);
    // One mail per stored link, and none for the refused ones.
    let mut mails = 0;
    while store
        .claim_due_mail(20_000, 30_000)
        .await
        .expect("claim")
        .is_some()
    {
        mails += 1;
    }
    assert_eq!(mails, 4, "the old link's mail and three recent ones");
}

async fn links_and_their_mails_go_with_their_account(backend: Backend) {
    let Some((db, store)) = open_with_account(backend).await else {
        return;
    };
    save(&store, &link("v-1", "asha@example.com", 10_000)).await;
    save(&store, &link("v-2", "new@example.org", 11_000)).await;
    let deleted = raw_sql::execute(&db.url, "DELETE FROM accounts WHERE id = 'uid-1'").await;
    assert_eq!(deleted, 1);
    let left = store.email_verifications_since("uid-1", 0).await;
    assert_eq!(left.expect("count"), 0);
    assert_eq!(
        store.email_verification("v-2", 11_000).await.expect("read"),
        None
    );
    let mails = raw_sql::texts(&db.url, "SELECT recipient FROM outbox").await;
    assert!(mails.is_empty(), "{mails:?}");
}

/// The limit the service applies to a link asked for at `now`.
fn hourly_limit(now: i64) -> RecentLinks {
    RecentLinks {
        since: now - LINK_LIMIT_WINDOW_MS,
        max: MAX_LINKS_PER_WINDOW,
    }
}

async fn usable(store: &SharedStore, token_hash: &str, now: i64) -> bool {
    let found = store.email_verification(token_hash, now).await;
    found.expect("read").is_some()
}

async fn only_the_newest_link_of_an_account_works(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    let (ravi, profile) = account("uid-2", "ravi@example.com");
    store
        .create_account(&ravi, &profile)
        .await
        .expect("created");
    let pending = |account_id: &'static str, now| {
        let store = store.clone();
        async move {
            store
                .pending_email_change(account_id, now)
                .await
                .expect("read")
        }
    };

    // Registration's link, then a change to a mistyped address: the first link ends.
    save(&store, &link("current", "asha@example.com", 9_000)).await;
    save(&store, &link("typo", "asha@exmaple.org", 10_000)).await;
    assert!(!usable(&store, "current", 10_000).await);
    assert_eq!(
        pending("uid-1", 10_000).await.as_deref(),
        Some("asha@exmaple.org")
    );
    // Another account's link is no concern of Asha's links.
    let ravis = NewEmailVerification {
        account_id: "uid-2".into(),
        ..link("ravi", "ravi@example.com", 10_500)
    };
    save(&store, &ravis).await;
    assert!(usable(&store, "typo", 10_500).await);

    // Asha asks again with the right address: the mistyped one's link stops working.
    save(&store, &link("fixed", "asha@example.org", 11_000)).await;
    for now in [11_000, 12_000] {
        assert!(!usable(&store, "typo", now).await, "{now}");
        assert!(usable(&store, "fixed", now).await, "{now}");
        assert!(usable(&store, "ravi", now).await, "{now}");
    }
    assert_eq!(
        pending("uid-1", 12_000).await.as_deref(),
        Some("asha@example.org")
    );
    for token in ["typo", "current"] {
        let refused = store.complete_email_verification(token, 12_000, None).await;
        assert_eq!(refused.expect("read"), None, "{token}");
    }
    let unchanged = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(
        (unchanged.email_key.as_str(), unchanged.email_verified_at),
        ("asha@example.com", None)
    );
    // Ended, not deleted: they still count toward the limit.
    let stored = store.email_verifications_since("uid-1", 0).await;
    assert_eq!(stored.expect("count"), 3);

    let done = store
        .complete_email_verification("fixed", 12_000, None)
        .await
        .expect("completed")
        .expect("usable");
    assert_eq!(
        (done.email.as_str(), done.changed),
        ("asha@example.org", true)
    );
    assert!(usable(&store, "ravi", 12_000).await);

    // A newer link for the current address ends a pending change, which is then no longer shown.
    let change = NewEmailVerification {
        account_id: "uid-2".into(),
        ..link("ravi-change", "ravi@example.org", 13_000)
    };
    save(&store, &change).await;
    assert_eq!(
        pending("uid-2", 13_000).await.as_deref(),
        Some("ravi@example.org")
    );
    let again = NewEmailVerification {
        account_id: "uid-2".into(),
        ..link("ravi-again", "ravi@example.com", 14_000)
    };
    save(&store, &again).await;
    assert_eq!(pending("uid-2", 14_000).await, None);
    assert!(!usable(&store, "ravi-change", 14_000).await);
}

async fn superseded_links_count_toward_the_limit_even_after_the_purge(backend: Backend) {
    let Some((db, store)) = open_with_account(backend).await else {
        return;
    };
    let start = 10 * DAY_MS;
    let ask = |token: &'static str, now: i64| {
        let store = store.clone();
        async move {
            let link = link(token, "asha@example.com", now);
            store
                .save_email_verification(&link, &mail("asha@example.com"), hourly_limit(now))
                .await
                .expect("no error")
        }
    };
    let purge = |now: i64| {
        let store = store.clone();
        async move {
            store
                .purge_expired_email_verifications(now, now - LINK_LIMIT_WINDOW_MS)
                .await
                .expect("purged");
        }
    };
    assert!(ask("v-1", start).await);
    assert!(ask("v-2", start + 1_000).await);
    assert!(ask("v-3", start + 2_000).await);
    assert!(!usable(&store, "v-1", start + 2_000).await);
    assert!(!usable(&store, "v-2", start + 2_000).await);

    // Housekeeping runs: the ended links have expired, but are recent, so they stay.
    purge(start + 3_000).await;
    let stored = store.email_verifications_since("uid-1", 0).await;
    assert_eq!(stored.expect("count"), 3);
    assert!(
        !ask("v-4", start + 3_000).await,
        "a fourth link in the hour"
    );
    assert!(
        usable(&store, "v-3", start + 3_000).await,
        "refused: no change"
    );
    assert!(!usable(&store, "v-4", start + 3_000).await);
    let mails = raw_sql::texts(&db.url, "SELECT email_verification FROM outbox").await;
    assert_eq!(mails.len(), 3, "{mails:?}");

    // An hour after the first link, it leaves the window and the purge deletes it, with its
    // mail not yet sent; a new link may then be asked for.
    let later = start + LINK_LIMIT_WINDOW_MS + 1;
    purge(later).await;
    let stored = store.email_verifications_since("uid-1", 0).await;
    assert_eq!(stored.expect("count"), 2);
    let mut mails = raw_sql::texts(&db.url, "SELECT email_verification FROM outbox").await;
    mails.sort();
    assert_eq!(mails, ["v-2", "v-3"]);
    assert!(ask("v-5", later).await);
    assert!(usable(&store, "v-5", later).await);
    assert!(!usable(&store, "v-3", later).await);
}
