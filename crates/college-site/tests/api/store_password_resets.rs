//! The password reset store methods (links, their mails, limit, the newest link superseding
//! the earlier ones, and purge), on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use college_site::store::ANY_CLIENT;

use crate::common::{
    Backend, TestDatabase, raw_sql,
    records::{account, session},
};
use college_site::{
    accounts::password::reset::{MAX_LINKS_PER_LIFETIME, RESET_LINK_LIFETIME_MS},
    store::{NewMail, NewPasswordReset, RecentLinks, SharedStore},
};
use sqlx::{Connection, PgConnection, SqliteConnection};

crate::on_both_backends!(
    a_reset_is_stored_with_its_mail,
    a_reset_sets_the_password_ends_sessions_and_is_used_once,
    an_expired_reset_changes_nothing,
    expired_resets_are_purged,
    a_reset_mail_keeps_no_link_once_sent_or_used,
    parallel_requests_cannot_pass_the_limit_of_recent_links,
    only_the_newest_reset_link_of_an_account_works,
    superseded_resets_count_toward_the_limit_even_after_the_purge,
);

const NO_LIMIT: RecentLinks = RecentLinks {
    since: 0,
    max: i64::MAX,
};
const NEW_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$bmV3$bmV3aGFzaA";

fn reset(token_hash: &str, created_at: i64) -> NewPasswordReset {
    NewPasswordReset {
        token_hash: token_hash.into(),
        account_id: "uid-1".into(),
        created_at,
        expires_at: created_at + 3_600_000,
    }
}

fn mail() -> NewMail {
    crate::common::records::mail(
        "asha@example.com",
        "Choose a new password",
        "https://college.test/login/reset?token=abc",
    )
}

/// A database with one account (`uid-1`) that has a session and a failed login.
async fn open_with_account(backend: Backend) -> Option<(TestDatabase, SharedStore)> {
    let database = TestDatabase::create(backend).await?;
    let store = database.store().await;
    let (asha, profile) = account("uid-1", "asha@example.com");
    store
        .create_account(&asha, &profile)
        .await
        .expect("created");
    store
        .create_session(&session("session-1", "uid-1", i64::MAX / 2))
        .await
        .expect("session");
    store
        .record_login_failure("asha@example.com", ANY_CLIENT, 1_500)
        .await
        .expect("failure");
    Some((database, store))
}

async fn a_reset_is_stored_with_its_mail(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    store
        .save_password_reset(&reset("reset-1", 10_000), &mail(), NO_LIMIT)
        .await
        .expect("saved");
    store
        .save_password_reset(&reset("reset-2", 20_000), &mail(), NO_LIMIT)
        .await
        .expect("saved");
    assert_eq!(
        store
            .password_resets_since("uid-1", 10_000)
            .await
            .expect("count"),
        2
    );
    assert_eq!(
        store
            .password_resets_since("uid-1", 10_001)
            .await
            .expect("count"),
        1
    );
    assert_eq!(
        store
            .password_reset_account("reset-2", 20_001)
            .await
            .expect("read")
            .as_deref(),
        Some("uid-1")
    );
    assert_eq!(
        store
            .password_reset_account("unknown", 20_001)
            .await
            .expect("read"),
        None
    );
    // Its mail waits in the outbox, due at once.
    let queued = store
        .claim_due_mail(10_000, 20_000)
        .await
        .expect("claim")
        .expect("a mail");
    assert_eq!(queued.recipient, "asha@example.com");
    assert_eq!(queued.subject, "Choose a new password");
}

async fn a_reset_sets_the_password_ends_sessions_and_is_used_once(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    store
        .save_password_reset(&reset("reset-1", 10_000), &mail(), NO_LIMIT)
        .await
        .expect("saved");
    store
        .save_password_reset(&reset("reset-2", 11_000), &mail(), NO_LIMIT)
        .await
        .expect("saved");

    let used = store
        .complete_password_reset("reset-2", NEW_HASH, 12_000)
        .await
        .expect("completed");
    assert_eq!(used.as_deref(), Some("uid-1"));
    let account = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(account.password_hash.as_deref(), Some(NEW_HASH));
    assert!(
        store.session("session-1").await.expect("read").is_none(),
        "sessions ended"
    );
    assert!(
        store
            .login_failures_since("asha@example.com", ANY_CLIENT, 0)
            .await
            .expect("read")
            .is_empty(),
        "failed logins forgotten"
    );
    // Used once; the earlier link had stopped working when the newer one was made, and is
    // deleted with it.
    for token in ["reset-1", "reset-2"] {
        assert_eq!(
            store
                .complete_password_reset(token, "other", 12_500)
                .await
                .expect("read"),
            None,
            "{token}"
        );
    }
    assert_eq!(
        store
            .password_resets_since("uid-1", 0)
            .await
            .expect("count"),
        0
    );
}

async fn an_expired_reset_changes_nothing(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    let expired = reset("reset-1", 10_000);
    store
        .save_password_reset(&expired, &mail(), NO_LIMIT)
        .await
        .expect("saved");
    let at_expiry = expired.expires_at;
    assert_eq!(
        store
            .password_reset_account("reset-1", at_expiry)
            .await
            .expect("read"),
        None
    );
    assert_eq!(
        store
            .complete_password_reset("reset-1", NEW_HASH, at_expiry)
            .await
            .expect("read"),
        None
    );
    let account = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_ne!(account.password_hash.as_deref(), Some(NEW_HASH));
    assert!(store.session("session-1").await.expect("read").is_some());
}

async fn expired_resets_are_purged(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    let old = reset("reset-old", 10_000);
    store
        .save_password_reset(&old, &mail(), NO_LIMIT)
        .await
        .expect("saved");
    store
        .save_password_reset(&reset("reset-new", 20_000), &mail(), NO_LIMIT)
        .await
        .expect("saved");
    let purge = |now: i64| {
        let store = store.clone();
        async move {
            store
                .purge_expired_password_resets(now, now - RESET_LINK_LIFETIME_MS)
                .await
                .expect("purged");
        }
    };
    let stored = |since| {
        let store = store.clone();
        async move {
            store
                .password_resets_since("uid-1", since)
                .await
                .expect("count")
        }
    };
    // The old link has expired (twice over: the newer one ended it), but was asked for within
    // a link's lifetime, so it still counts toward the limit and stays.
    purge(old.expires_at).await;
    assert_eq!(stored(old.expires_at - RESET_LINK_LIFETIME_MS).await, 2);
    // A moment later it is older than that, and goes.
    purge(old.expires_at + 1).await;
    assert_eq!(stored(0).await, 1);
    assert!(
        store
            .password_reset_account("reset-new", old.expires_at + 1)
            .await
            .expect("read")
            .is_some()
    );
    // Once the newest link has expired and left the window too, nothing is left.
    purge(20_000 + RESET_LINK_LIFETIME_MS + 1).await;
    assert_eq!(stored(0).await, 0);
}

/// The bodies of every outbox row, read with SQL: no store method shows a sent mail's text.
async fn outbox_bodies(db: &TestDatabase) -> Vec<String> {
    const QUERY: &str = "SELECT body FROM outbox ORDER BY id";
    let rows: Vec<(String,)> = if db.url.starts_with("sqlite:") {
        let mut connection = SqliteConnection::connect(&db.url).await.expect("sqlite");
        sqlx::query_as(QUERY)
            .fetch_all(&mut connection)
            .await
            .expect("rows")
    } else {
        let mut connection = PgConnection::connect(&db.url).await.expect("postgres");
        sqlx::query_as(QUERY)
            .fetch_all(&mut connection)
            .await
            .expect("rows")
    };
    rows.into_iter().map(|(body,)| body).collect()
}

async fn a_reset_mail_keeps_no_link_once_sent_or_used(backend: Backend) {
    let Some((db, store)) = open_with_account(backend).await else {
        return;
    };
    // Sent: the row stays, without its text.
    store
        .save_password_reset(&reset("reset-1", 10_000), &mail(), NO_LIMIT)
        .await
        .expect("saved");
    let sent = store
        .claim_due_mail(10_000, 20_000)
        .await
        .expect("claim")
        .expect("a mail");
    store.mark_mail_sent(sent.id, 10_500).await.expect("sent");
    assert_eq!(outbox_bodies(&db).await, [""]);

    // Not sent yet when its link is used: the mail goes with the link.
    store
        .save_password_reset(&reset("reset-2", 11_000), &mail(), NO_LIMIT)
        .await
        .expect("saved");
    store
        .complete_password_reset("reset-2", NEW_HASH, 12_000)
        .await
        .expect("completed")
        .expect("used");
    assert!(
        store
            .claim_due_mail(13_000, 20_000)
            .await
            .expect("claim")
            .is_none(),
        "the mail of a used link is not sent"
    );
    // The used link took the account's other links, and their mails, with it.
    assert!(outbox_bodies(&db).await.is_empty());
}

async fn parallel_requests_cannot_pass_the_limit_of_recent_links(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    // An old link does not count against the recent ones.
    let old = store
        .save_password_reset(&reset("reset-old", 1_000), &mail(), NO_LIMIT)
        .await
        .expect("saved");
    assert!(old);
    let limit = RecentLinks {
        since: 10_000,
        max: 3,
    };
    let attempts: Vec<_> = (0..8)
        .map(|n| {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .save_password_reset(&reset(&format!("reset-{n}"), 10_000 + n), &mail(), limit)
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
    assert_eq!(
        store
            .password_resets_since("uid-1", 10_000)
            .await
            .expect("count"),
        3
    );
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

/// The limit the service applies to a link asked for at `now`.
fn hourly_limit(now: i64) -> RecentLinks {
    RecentLinks {
        since: now - RESET_LINK_LIFETIME_MS,
        max: MAX_LINKS_PER_LIFETIME,
    }
}

async fn usable(store: &SharedStore, token_hash: &str, now: i64) -> bool {
    let found = store.password_reset_account(token_hash, now).await;
    found.expect("read").is_some()
}

async fn only_the_newest_reset_link_of_an_account_works(backend: Backend) {
    let Some((_db, store)) = open_with_account(backend).await else {
        return;
    };
    let (ravi, profile) = account("uid-2", "ravi@example.com");
    store
        .create_account(&ravi, &profile)
        .await
        .expect("created");
    let save = |reset: NewPasswordReset| {
        let store = store.clone();
        async move {
            let saved = store.save_password_reset(&reset, &mail(), NO_LIMIT).await;
            assert!(saved.expect("no error"), "{}", reset.token_hash);
        }
    };
    let ravis = |token_hash: &str, created_at| NewPasswordReset {
        account_id: "uid-2".into(),
        ..reset(token_hash, created_at)
    };

    save(reset("reset-1", 10_000)).await;
    save(ravis("ravi-1", 10_500)).await;
    assert!(usable(&store, "reset-1", 10_500).await);
    // Asha asks again: her first link stops working at once, Ravi's is no concern of hers.
    save(reset("reset-2", 11_000)).await;
    for now in [11_000, 12_000] {
        assert!(!usable(&store, "reset-1", now).await, "{now}");
        assert!(usable(&store, "reset-2", now).await, "{now}");
        assert!(usable(&store, "ravi-1", now).await, "{now}");
    }
    let refused = store
        .complete_password_reset("reset-1", NEW_HASH, 12_000)
        .await;
    assert_eq!(refused.expect("read"), None);
    let unchanged = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_ne!(unchanged.password_hash.as_deref(), Some(NEW_HASH));
    assert!(store.session("session-1").await.expect("read").is_some());
    // Ended, not deleted: it still counts toward the limit.
    let stored = store.password_resets_since("uid-1", 0).await;
    assert_eq!(stored.expect("count"), 2);

    // Ravi asking again ends his own link only.
    save(ravis("ravi-2", 12_500)).await;
    assert!(!usable(&store, "ravi-1", 12_500).await);
    assert!(usable(&store, "ravi-2", 12_500).await);
    assert!(usable(&store, "reset-2", 12_500).await);

    // The newest link works, and takes the account's links with it, and no one else's.
    let used = store
        .complete_password_reset("reset-2", NEW_HASH, 13_000)
        .await;
    assert_eq!(used.expect("completed").as_deref(), Some("uid-1"));
    let changed = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(changed.password_hash.as_deref(), Some(NEW_HASH));
    let stored = store.password_resets_since("uid-1", 0).await;
    assert_eq!(stored.expect("count"), 0);
    assert!(usable(&store, "ravi-2", 13_000).await);
    let ravi = store
        .account("uid-2")
        .await
        .expect("read")
        .expect("account");
    assert_ne!(ravi.password_hash.as_deref(), Some(NEW_HASH));
}

async fn superseded_resets_count_toward_the_limit_even_after_the_purge(backend: Backend) {
    let Some((db, store)) = open_with_account(backend).await else {
        return;
    };
    let start = 10 * RESET_LINK_LIFETIME_MS;
    let ask = |token: &'static str, now: i64| {
        let store = store.clone();
        async move {
            store
                .save_password_reset(&reset(token, now), &mail(), hourly_limit(now))
                .await
                .expect("no error")
        }
    };
    let purge = |now: i64| {
        let store = store.clone();
        async move {
            store
                .purge_expired_password_resets(now, now - RESET_LINK_LIFETIME_MS)
                .await
                .expect("purged");
        }
    };
    assert!(ask("reset-1", start).await);
    assert!(ask("reset-2", start + 1_000).await);
    assert!(ask("reset-3", start + 2_000).await);
    assert!(!usable(&store, "reset-1", start + 2_000).await);
    assert!(!usable(&store, "reset-2", start + 2_000).await);

    // Housekeeping runs: the ended links have expired, but are recent, so they stay.
    purge(start + 3_000).await;
    let stored = store.password_resets_since("uid-1", 0).await;
    assert_eq!(stored.expect("count"), 3);
    assert!(
        !ask("reset-4", start + 3_000).await,
        "a fourth link within the hour"
    );
    assert!(
        usable(&store, "reset-3", start + 3_000).await,
        "refused: no change"
    );
    assert!(!usable(&store, "reset-4", start + 3_000).await);
    let mails = raw_sql::texts(&db.url, "SELECT password_reset FROM outbox").await;
    assert_eq!(mails.len(), 3, "{mails:?}");

    // An hour after the first link, it leaves the window and the purge deletes it, with its
    // mail not yet sent; a new link may then be asked for.
    let later = start + RESET_LINK_LIFETIME_MS + 1;
    purge(later).await;
    let stored = store.password_resets_since("uid-1", 0).await;
    assert_eq!(stored.expect("count"), 2);
    let mut mails = raw_sql::texts(&db.url, "SELECT password_reset FROM outbox").await;
    mails.sort();
    assert_eq!(mails, ["reset-2", "reset-3"]);
    assert!(ask("reset-5", later).await);
    assert!(usable(&store, "reset-5", later).await);
    assert!(!usable(&store, "reset-3", later).await);

    // Long expired, every earlier link is purged; the newest stays while it works.
    purge(later + RESET_LINK_LIFETIME_MS - 1).await;
    let mut left = raw_sql::texts(&db.url, "SELECT token_hash FROM password_resets").await;
    left.sort();
    assert_eq!(left, ["reset-5"]);
    purge(later + RESET_LINK_LIFETIME_MS + 1).await;
    let left = store.password_resets_since("uid-1", 0).await;
    assert_eq!(left.expect("count"), 0);
}
