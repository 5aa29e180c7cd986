//! The account page's store methods for the profile, the password and the sessions, on SQLite
//! and on PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{
    Backend,
    progress_records::open_with_accounts,
    records::{account, session},
};
use college_site::store::{NewMail, SharedStore};

crate::on_both_backends!(
    the_profile_takes_a_new_name_and_mobile_or_none,
    a_new_password_ends_the_other_sessions_but_this_one_and_queues_its_mail,
    a_password_change_for_an_unknown_account_changes_nothing,
    live_sessions_are_the_unexpired_ones_of_the_account_most_recent_first,
    a_session_ends_by_its_public_id_only_within_its_account,
    ending_the_other_sessions_keeps_this_one,
);

const NEW_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$bmV3$bmV3aGFzaA";
const FAR: i64 = i64::MAX / 2;

fn mail(subject: &str) -> NewMail {
    crate::common::records::mail("Asha <asha@example.com>", subject, "Hello Asha,")
}

/// Starts sessions with these token hashes for `account_id`.
async fn sessions(store: &SharedStore, account_id: &str, token_hashes: &[&str]) {
    for token_hash in token_hashes {
        store
            .create_session(&session(token_hash, account_id, FAR))
            .await
            .expect("session");
    }
}

async fn exists(store: &SharedStore, token_hash: &str) -> bool {
    store.session(token_hash).await.expect("read").is_some()
}

async fn the_profile_takes_a_new_name_and_mobile_or_none(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    assert!(
        store
            .update_profile("uid-1", "Asha R.", Some("+919876543210"))
            .await
            .expect("updated")
    );
    let profile = store
        .profile("uid-1")
        .await
        .expect("read")
        .expect("profile");
    assert_eq!(profile.display_name.as_deref(), Some("Asha R."));
    assert_eq!(profile.mobile.as_deref(), Some("+919876543210"));
    assert_eq!(profile.email, "asha@example.com", "the email stays");

    assert!(
        store
            .update_profile("uid-1", "Asha", None)
            .await
            .expect("updated")
    );
    let profile = store
        .profile("uid-1")
        .await
        .expect("read")
        .expect("profile");
    assert_eq!(profile.mobile, None, "cleared");
    let other = store
        .profile("uid-2")
        .await
        .expect("read")
        .expect("profile");
    assert_eq!(other.display_name.as_deref(), Some("Asha"), "untouched");
    assert_eq!(other.mobile.as_deref(), Some("9876543210"), "untouched");

    assert!(
        !store
            .update_profile("uid-unknown", "Nobody", None)
            .await
            .expect("no error")
    );
}

async fn a_new_password_ends_the_other_sessions_but_this_one_and_queues_its_mail(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    sessions(&store, "uid-1", &["this", "phone", "laptop"]).await;
    sessions(&store, "uid-2", &["ravi"]).await;

    let changed = store
        .change_password(
            "uid-1",
            NEW_HASH,
            "this",
            &mail("Your password was changed"),
            5_000,
        )
        .await
        .expect("changed");
    assert!(changed);
    let asha = store
        .account("uid-1")
        .await
        .expect("read")
        .expect("account");
    assert_eq!(asha.password_hash.as_deref(), Some(NEW_HASH));
    assert!(exists(&store, "this").await, "this session stays");
    assert!(!exists(&store, "phone").await && !exists(&store, "laptop").await);
    assert!(exists(&store, "ravi").await, "another account's session");
    let ravi = store
        .account("uid-2")
        .await
        .expect("read")
        .expect("account");
    assert_ne!(ravi.password_hash.as_deref(), Some(NEW_HASH));

    let queued = store
        .claim_due_mail(5_000, 6_000)
        .await
        .expect("claim")
        .expect("the mail is due at once");
    assert_eq!(queued.recipient, "Asha <asha@example.com>");
    assert_eq!(queued.reply_to, "office@college.test");
    assert_eq!(queued.subject, "Your password was changed");
    assert_eq!(queued.body, "Hello Asha,");
}

async fn a_password_change_for_an_unknown_account_changes_nothing(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    sessions(&store, "uid-1", &["this"]).await;
    let changed = store
        .change_password("uid-gone", NEW_HASH, "this", &mail("Changed"), 5_000)
        .await
        .expect("no error");
    assert!(!changed);
    assert!(exists(&store, "this").await);
    assert!(
        store
            .claim_due_mail(5_000, 6_000)
            .await
            .expect("claim")
            .is_none(),
        "no mail for a change that did not happen"
    );
}

async fn live_sessions_are_the_unexpired_ones_of_the_account_most_recent_first(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    sessions(&store, "uid-1", &["older", "newer", "idle"]).await;
    sessions(&store, "uid-2", &["ravi"]).await;
    store
        .create_session(&session("expired", "uid-1", 9_000))
        .await
        .expect("session");
    store.touch_session("older", 8_000).await.expect("touched");
    store.touch_session("newer", 8_500).await.expect("touched");
    store
        .touch_session("expired", 8_600)
        .await
        .expect("touched");

    // At 9 000, with sessions idle since 2 000 or before no longer valid.
    let live = store
        .live_sessions("uid-1", 9_000, 2_000)
        .await
        .expect("listed");
    let ids: Vec<_> = live.iter().map(|s| s.public_id.as_str()).collect();
    assert_eq!(ids, ["id-newer", "id-older"]);
    let newer = &live[0];
    assert_eq!(newer.account_id, "uid-1");
    assert_eq!((newer.created_at, newer.last_seen_at), (1_000, 8_500));
    assert!(newer.remember);
    assert_eq!(
        newer.user_agent.as_deref(),
        Some("Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0")
    );

    let with_idle = store
        .live_sessions("uid-1", 9_000, 999)
        .await
        .expect("listed");
    assert_eq!(with_idle.len(), 3, "the idle one counts once it is recent");
    assert!(
        store
            .live_sessions("uid-unknown", 9_000, 0)
            .await
            .expect("listed")
            .is_empty()
    );
}

async fn a_session_ends_by_its_public_id_only_within_its_account(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    sessions(&store, "uid-1", &["this", "phone"]).await;
    sessions(&store, "uid-2", &["ravi"]).await;

    assert!(
        !store
            .end_session("uid-1", "id-ravi")
            .await
            .expect("no error"),
        "another account's session is not found"
    );
    assert!(exists(&store, "ravi").await, "and not ended");
    assert!(
        !store.end_session("uid-1", "phone").await.expect("no error"),
        "a token hash is not a public id"
    );

    assert!(store.end_session("uid-1", "id-phone").await.expect("ended"));
    assert!(!exists(&store, "phone").await);
    assert!(exists(&store, "this").await);
    assert!(
        !store
            .end_session("uid-1", "id-phone")
            .await
            .expect("no error"),
        "already ended"
    );
}

async fn ending_the_other_sessions_keeps_this_one(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    sessions(&store, "uid-1", &["this", "phone", "laptop"]).await;
    sessions(&store, "uid-2", &["ravi"]).await;
    assert_eq!(
        store
            .end_other_sessions("uid-1", "this")
            .await
            .expect("ended"),
        2
    );
    assert!(exists(&store, "this").await);
    assert!(!exists(&store, "phone").await && !exists(&store, "laptop").await);
    assert!(exists(&store, "ravi").await);
    assert_eq!(
        store
            .end_other_sessions("uid-1", "this")
            .await
            .expect("ended"),
        0,
        "nothing left to end"
    );
    // The account row itself is untouched.
    let (asha, _) = account("uid-1", "asha@example.com");
    assert_eq!(
        store.account("uid-1").await.expect("read").as_ref(),
        Some(&asha)
    );
}
