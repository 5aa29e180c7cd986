//! Every store method, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use college_site::store::ANY_CLIENT;

use crate::common::{
    Backend, TestDatabase,
    records::{account, session},
};
use college_site::store::{NewContactMessage, NewMail, SharedStore};

crate::on_both_backends!(
    saving_a_message_keeps_it_and_queues_its_mail,
    a_claimed_mail_is_leased_to_one_worker,
    a_sent_mail_is_not_claimed_again,
    a_rescheduled_mail_waits_until_it_is_due,
    a_failed_mail_is_kept_but_never_retried,
    migrations_run_once_and_ping_answers,
);

fn message(subject: &str, at: i64) -> (NewContactMessage, NewMail) {
    (
        NewContactMessage {
            name: "Ravi Kumar".into(),
            email: "ravi@example.in".into(),
            subject: subject.into(),
            message: "Line one\nLine two — ünïcode".into(),
            client_ip: Some("192.0.2.7".into()),
            created_at: at,
        },
        NewMail {
            recipient: "office@college.test".into(),
            reply_to: "\"Ravi Kumar\" <ravi@example.in>".into(),
            subject: format!("Website contact: {subject}"),
            body: "body".into(),
        },
    )
}

async fn open(backend: Backend) -> Option<(TestDatabase, SharedStore)> {
    let database = TestDatabase::create(backend).await?;
    let store = database.store().await;
    Some((database, store))
}

async fn saving_a_message_keeps_it_and_queues_its_mail(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let (first, first_mail) = message("First", 1_000);
    let (second, second_mail) = message("Second", 2_000);
    let first_id = store
        .save_contact_message(&first, &first_mail)
        .await
        .expect("saved");
    let second_id = store
        .save_contact_message(&second, &second_mail)
        .await
        .expect("saved");
    assert!(second_id > first_id);

    let stored = store.contact_messages(10).await.expect("listed");
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[0].subject, "Second", "newest first");
    assert_eq!(stored[1].message, "Line one\nLine two — ünïcode");
    assert_eq!(stored[1].created_at, 1_000);
    assert_eq!(
        store.contact_messages(1).await.expect("listed").len(),
        1,
        "limit holds"
    );

    let state = store
        .contact_mail_state(first_id)
        .await
        .expect("state")
        .expect("queued");
    assert_eq!((state.status.as_str(), state.attempts), ("pending", 0));
    assert!(
        store
            .contact_mail_state(9_999)
            .await
            .expect("state")
            .is_none()
    );
}

async fn a_claimed_mail_is_leased_to_one_worker(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let (msg, mail) = message("Lease", 1_000);
    store
        .save_contact_message(&msg, &mail)
        .await
        .expect("saved");

    assert!(
        store
            .claim_due_mail(999, 5_000)
            .await
            .expect("claim")
            .is_none(),
        "not due yet"
    );
    let claimed = store
        .claim_due_mail(1_000, 5_000)
        .await
        .expect("claim")
        .expect("due");
    assert_eq!(claimed.subject, "Website contact: Lease");
    assert_eq!(claimed.recipient, "office@college.test");
    assert_eq!(claimed.reply_to, "\"Ravi Kumar\" <ravi@example.in>");
    assert_eq!(claimed.attempts, 0);
    assert!(
        store
            .claim_due_mail(4_999, 9_000)
            .await
            .expect("claim")
            .is_none(),
        "leased to the first worker"
    );
    let again = store.claim_due_mail(5_000, 9_000).await.expect("claim");
    assert_eq!(again.map(|m| m.id), Some(claimed.id), "the lease ran out");
}

async fn a_sent_mail_is_not_claimed_again(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let (msg, mail) = message("Sent", 1_000);
    let id = store
        .save_contact_message(&msg, &mail)
        .await
        .expect("saved");
    let claimed = store
        .claim_due_mail(1_000, 2_000)
        .await
        .expect("claim")
        .expect("due");
    store
        .mark_mail_sent(claimed.id, 1_500)
        .await
        .expect("marked");
    assert!(
        store
            .claim_due_mail(10_000, 20_000)
            .await
            .expect("claim")
            .is_none()
    );
    let state = store
        .contact_mail_state(id)
        .await
        .expect("state")
        .expect("row");
    assert_eq!(state.status, "sent");
}

async fn a_rescheduled_mail_waits_until_it_is_due(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let (msg, mail) = message("Retry", 1_000);
    let id = store
        .save_contact_message(&msg, &mail)
        .await
        .expect("saved");
    let claimed = store
        .claim_due_mail(1_000, 60_000)
        .await
        .expect("claim")
        .expect("due");
    store
        .reschedule_mail(claimed.id, 1, 3_000, "connection refused", 2_000)
        .await
        .expect("rescheduled");
    assert!(
        store
            .claim_due_mail(2_999, 60_000)
            .await
            .expect("claim")
            .is_none()
    );
    let retried = store
        .claim_due_mail(3_000, 60_000)
        .await
        .expect("claim")
        .expect("due again");
    assert_eq!(retried.attempts, 1);
    let state = store
        .contact_mail_state(id)
        .await
        .expect("state")
        .expect("row");
    assert_eq!(state.last_error.as_deref(), Some("connection refused"));
    assert_eq!(state.status, "pending");
}

async fn a_failed_mail_is_kept_but_never_retried(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let (msg, mail) = message("Failed", 1_000);
    let id = store
        .save_contact_message(&msg, &mail)
        .await
        .expect("saved");
    let claimed = store
        .claim_due_mail(1_000, 2_000)
        .await
        .expect("claim")
        .expect("due");
    store
        .mark_mail_failed(claimed.id, 10, "mailbox unavailable", 2_000)
        .await
        .expect("marked");
    assert!(
        store
            .claim_due_mail(i64::MAX / 2, i64::MAX / 2)
            .await
            .expect("claim")
            .is_none()
    );
    let state = store
        .contact_mail_state(id)
        .await
        .expect("state")
        .expect("row");
    assert_eq!(state.status, "failed");
    assert_eq!(state.attempts, 10);
    assert_eq!(state.last_error.as_deref(), Some("mailbox unavailable"));
    assert_eq!(store.contact_messages(10).await.expect("listed").len(), 1);
}

async fn migrations_run_once_and_ping_answers(backend: Backend) {
    let Some((db, store)) = open(backend).await else {
        return;
    };
    store.ping().await.expect("ping");
    let (msg, mail) = message("Kept", 1_000);
    store
        .save_contact_message(&msg, &mail)
        .await
        .expect("saved");
    // Opening the same database again (a restart) runs no migration twice and loses nothing.
    let reopened = db.store().await;
    assert_eq!(
        reopened.contact_messages(10).await.expect("listed").len(),
        1
    );
}

crate::on_both_backends!(
    accounts_are_unique_by_email_and_google_subject,
    the_profile_record_is_created_once_and_extra_fields_merge,
    sessions_are_created_read_touched_and_deleted,
    login_failures_are_counted_per_email,
    oidc_flows_are_taken_once,
    expired_rows_are_purged,
);

async fn accounts_are_unique_by_email_and_google_subject(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let (asha, asha_profile) = account("uid-1", "asha@example.com");
    store
        .create_account(&asha, &asha_profile)
        .await
        .expect("created");
    let (twin, twin_profile) = account("uid-2", "asha@example.com");
    assert!(matches!(
        store.create_account(&twin, &twin_profile).await,
        Err(college_site::store::StoreError::Conflict)
    ));
    assert!(
        store.account("uid-2").await.expect("read").is_none(),
        "nothing half-created"
    );
    assert!(store.profile("uid-2").await.expect("read").is_none());

    let (mut google, google_profile) = account("uid-3", "ravi@example.com");
    google.password_hash = None;
    google.google_sub = Some("sub-3".into());
    store
        .create_account(&google, &google_profile)
        .await
        .expect("created");
    assert_eq!(
        store.account_by_google_sub("sub-3").await.expect("read"),
        Some(google)
    );
    assert_eq!(
        store
            .account_by_email("asha@example.com")
            .await
            .expect("read"),
        Some(asha.clone())
    );
    assert_eq!(store.account("uid-1").await.expect("read"), Some(asha));
    assert!(
        store
            .account_by_email("nobody@example.com")
            .await
            .expect("read")
            .is_none()
    );
}

async fn the_profile_record_is_created_once_and_extra_fields_merge(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let (asha, profile) = account("uid-1", "asha@example.com");
    store
        .create_account(&asha, &profile)
        .await
        .expect("created");
    let mut other = profile.clone();
    other.display_name = Some("Someone else".into());
    assert!(
        !store
            .create_profile_if_missing(&other)
            .await
            .expect("checked"),
        "left as it is"
    );
    assert_eq!(
        store
            .profile("uid-1")
            .await
            .expect("read")
            .expect("profile")
            .display_name
            .as_deref(),
        Some("Asha")
    );

    let mut extra = serde_json::Map::new();
    extra.insert("course".into(), serde_json::json!("BCA"));
    extra.insert("year".into(), serde_json::json!(2));
    assert!(
        store
            .merge_profile_extra("uid-1", &extra)
            .await
            .expect("merged")
    );
    let mut more = serde_json::Map::new();
    more.insert("year".into(), serde_json::json!(3));
    assert!(
        store
            .merge_profile_extra("uid-1", &more)
            .await
            .expect("merged")
    );
    let read = store
        .profile("uid-1")
        .await
        .expect("read")
        .expect("profile");
    assert_eq!(read.extra.get("course"), Some(&serde_json::json!("BCA")));
    assert_eq!(read.extra.get("year"), Some(&serde_json::json!(3)));
    assert!(
        !store
            .merge_profile_extra("missing", &more)
            .await
            .expect("checked")
    );
}

async fn sessions_are_created_read_touched_and_deleted(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let (asha, profile) = account("uid-1", "asha@example.com");
    store
        .create_account(&asha, &profile)
        .await
        .expect("created");
    store
        .create_session(&session("hash-1", "uid-1", 50_000))
        .await
        .expect("session");
    let read = store
        .session("hash-1")
        .await
        .expect("read")
        .expect("session");
    assert_eq!(
        (
            read.account_id.as_str(),
            read.remember,
            read.last_seen_at,
            read.expires_at
        ),
        ("uid-1", true, 1_000, 50_000)
    );
    store.touch_session("hash-1", 7_000).await.expect("touched");
    assert_eq!(
        store
            .session("hash-1")
            .await
            .expect("read")
            .expect("session")
            .last_seen_at,
        7_000
    );
    store.delete_session("hash-1").await.expect("deleted");
    assert!(store.session("hash-1").await.expect("read").is_none());
}

async fn login_failures_are_counted_per_email(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    for at in [1_000, 2_000, 3_000] {
        store
            .record_login_failure("asha@example.com", ANY_CLIENT, at)
            .await
            .expect("recorded");
    }
    store
        .record_login_failure("ravi@example.com", ANY_CLIENT, 2_500)
        .await
        .expect("recorded");
    assert_eq!(
        store
            .login_failures_since("asha@example.com", ANY_CLIENT, 2_000)
            .await
            .expect("read"),
        vec![2_000, 3_000]
    );
    store
        .clear_login_failures("asha@example.com", ANY_CLIENT)
        .await
        .expect("cleared");
    assert!(
        store
            .login_failures_since("asha@example.com", ANY_CLIENT, 0)
            .await
            .expect("read")
            .is_empty()
    );
    assert_eq!(
        store
            .login_failures_since("ravi@example.com", ANY_CLIENT, 0)
            .await
            .expect("read"),
        vec![2_500]
    );
}

async fn oidc_flows_are_taken_once(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let flow = college_site::store::OidcFlow {
        state: "state-1".into(),
        nonce: "nonce-1".into(),
        pkce_verifier: "verifier-1".into(),
        return_to: "/about".into(),
        popup: true,
        created_at: 1_000,
    };
    store.save_oidc_flow(&flow).await.expect("saved");
    assert_eq!(
        store.take_oidc_flow("state-1").await.expect("taken"),
        Some(flow)
    );
    assert_eq!(
        store.take_oidc_flow("state-1").await.expect("taken"),
        None,
        "used once"
    );
}

async fn expired_rows_are_purged(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let (asha, profile) = account("uid-1", "asha@example.com");
    store
        .create_account(&asha, &profile)
        .await
        .expect("created");
    store
        .create_session(&session("old", "uid-1", 5_000))
        .await
        .expect("session");
    store
        .create_session(&session("live", "uid-1", 50_000))
        .await
        .expect("session");
    store
        .record_login_failure("asha@example.com", ANY_CLIENT, 1_000)
        .await
        .expect("recorded");
    store
        .record_login_failure("asha@example.com", ANY_CLIENT, 9_000)
        .await
        .expect("recorded");
    store.purge_expired(10_000, 0, 5_000).await.expect("purged");
    assert!(store.session("old").await.expect("read").is_none());
    assert!(store.session("live").await.expect("read").is_some());
    assert_eq!(
        store
            .login_failures_since("asha@example.com", ANY_CLIENT, 0)
            .await
            .expect("read"),
        vec![9_000]
    );
}
