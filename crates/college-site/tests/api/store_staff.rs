//! The staff area in the store: the inbox with each message's status apart from its mail,
//! resending failed mail, the people list, disabling accounts, the last admin, the audit log
//! and mail health, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{
    Backend,
    progress_records::open_with_accounts,
    records::{role_change, session},
};
use college_site::store::{
    AccountSwitch, Actor, AuditAction, AuditQuery, InboxQuery, MailFilter, MessageKind,
    MessageStatus, NewAuditEntry, NewContactMessage, NewMail, Resent, Role, RoleRevoked,
    SharedStore, StatusFilter,
};

crate::on_both_backends!(
    the_inbox_filters_searches_and_pages,
    opening_reads_and_a_status_change_is_recorded,
    only_failed_mail_is_sent_again_with_its_message_id,
    a_disabled_account_cannot_start_a_session,
    the_people_list_finds_and_counts,
    the_last_admin_keeps_the_role,
    the_audit_log_filters_and_forgets_old_entries,
    mail_health_counts_the_outbox,
);

fn staff(at: i64, action: AuditAction, target_email: Option<&str>) -> NewAuditEntry {
    NewAuditEntry {
        at,
        actor: Actor::Staff {
            email: "office@college.test".into(),
            name: Some("Meera".into()),
            ip: Some("192.0.2.7".into()),
        },
        action,
        target_email: target_email.map(Into::into),
        target: "something".into(),
    }
}

/// Stores a contact message (and its mail) sent at `at`; returns its id.
async fn message(store: &SharedStore, at: i64, name: &str, subject: &str, text: &str) -> i64 {
    store
        .save_contact_message(
            &NewContactMessage {
                name: name.into(),
                email: format!("{}@example.com", name.to_lowercase()),
                subject: subject.into(),
                message: text.into(),
                client_ip: None,
                created_at: at,
            },
            &NewMail {
                recipient: "office@college.test".into(),
                reply_to: format!("{name} <{}@example.com>", name.to_lowercase()),
                subject: subject.into(),
                body: text.into(),
            },
        )
        .await
        .expect("stored")
}

/// Claims the next due mail and fails it for good.
async fn fail_next_mail(store: &SharedStore, now: i64) -> i64 {
    let mail = store
        .claim_due_mail(now, now + 1_000)
        .await
        .expect("claim")
        .expect("a mail is due");
    store
        .mark_mail_failed(mail.id, 10, "SMTP: connection refused", now)
        .await
        .expect("failed");
    mail.id
}

fn query(text: Option<&str>, status: StatusFilter, mail: Option<MailFilter>) -> InboxQuery {
    InboxQuery {
        text: text.map(Into::into),
        status,
        mail,
        offset: 0,
        limit: 50,
        ..InboxQuery::default()
    }
}

async fn the_inbox_filters_searches_and_pages(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let fees = message(&store, 1_000, "Asha", "Fees", "What are the BCA fees?").await;
    let _hostel = message(
        &store,
        2_000,
        "Ravi",
        "Hostel",
        "Is there a hostel 100%_sure?",
    )
    .await;
    let visit = message(&store, 3_000, "Kiran", "Visit", "Can I visit on Saturday?").await;
    fail_next_mail(&store, 5_000).await; // the oldest due mail: Asha's

    let (all, total) = store
        .inbox_page(&query(None, StatusFilter::Open, None))
        .await
        .expect("page");
    assert_eq!(total, 3);
    assert_eq!(
        all.iter().map(|m| m.id).collect::<Vec<_>>()[0],
        visit,
        "newest first"
    );
    assert!(all.iter().all(|m| m.status == "new"));

    let (found, total) = store
        .inbox_page(&query(Some("bca FEES"), StatusFilter::Open, None))
        .await
        .expect("search");
    assert_eq!((total, found[0].id), (1, fees), "text, any case");
    let (found, _) = store
        .inbox_page(&query(Some("kiran@"), StatusFilter::Open, None))
        .await
        .expect("email");
    assert_eq!(found[0].id, visit);
    let (found, total) = store
        .inbox_page(&query(Some("%_"), StatusFilter::Open, None))
        .await
        .expect("wildcards");
    assert_eq!(total, 1, "% and _ are matched as themselves: {found:?}");
    // A search's page carries the count of everything it found, also past its last page.
    for (offset, on_page) in [(1, 1), (5, 0)] {
        let search = InboxQuery {
            offset,
            limit: 1,
            ..query(Some("?"), StatusFilter::Open, None)
        };
        let (found, total) = store.inbox_page(&search).await.expect("search page");
        assert_eq!((found.len(), total), (on_page, 3), "page at {offset}");
    }

    let (failed, total) = store
        .inbox_page(&query(None, StatusFilter::All, Some(MailFilter::Failed)))
        .await
        .expect("failed mail");
    assert_eq!((total, failed[0].id), (1, fees));
    assert_eq!(failed[0].mail_status.as_deref(), Some("failed"));
    assert_eq!(
        failed[0].mail_last_error.as_deref(),
        Some("SMTP: connection refused")
    );
    let (_, queued) = store
        .inbox_page(&query(None, StatusFilter::All, Some(MailFilter::Pending)))
        .await
        .expect("queued");
    assert_eq!(queued, 2);

    let second_page = InboxQuery {
        offset: 2,
        limit: 2,
        ..query(None, StatusFilter::All, None)
    };
    let (rest, total) = store.inbox_page(&second_page).await.expect("page 2");
    assert_eq!((total, rest.len(), rest[0].id), (3, 1, fees));
    assert_eq!(
        store.inbox_counts("2026-11-27").await.expect("counts"),
        (3, 1, 0)
    );
}

async fn opening_reads_and_a_status_change_is_recorded(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let id = message(&store, 1_000, "Asha", "Fees", "What are the fees?").await;
    let opened = store
        .open_inbox_message(id, 2_000)
        .await
        .expect("open")
        .expect("found");
    assert_eq!(opened.status, "read");
    assert_eq!(store.inbox_counts("2026-11-27").await.expect("counts").0, 0);
    assert!(
        store
            .open_inbox_message(id + 100, 2_000)
            .await
            .expect("open")
            .is_none()
    );

    let audit = staff(3_000, AuditAction::MessageStatusChanged, None);
    assert!(
        store
            .set_message_status(
                id,
                MessageKind::Message,
                MessageStatus::Archived,
                None,
                "Meera <office@college.test>",
                &audit
            )
            .await
            .expect("set")
    );
    let archived = store.inbox_message(id).await.expect("read").expect("found");
    assert_eq!(archived.status, "archived");
    assert_eq!(
        archived.status_changed_by.as_deref(),
        Some("Meera <office@college.test>")
    );
    assert_eq!(archived.status_changed_at, Some(3_000));
    let (open, _) = store
        .inbox_page(&query(None, StatusFilter::Open, None))
        .await
        .expect("open list");
    assert!(open.is_empty(), "archived messages leave the open list");
    let (only, _) = store
        .inbox_page(&query(
            None,
            StatusFilter::Only(MessageStatus::Archived),
            None,
        ))
        .await
        .expect("archived list");
    assert_eq!(only.len(), 1);
    // The same status again changes and records nothing; an unknown message is refused.
    assert!(
        store
            .set_message_status(
                id,
                MessageKind::Message,
                MessageStatus::Archived,
                None,
                "x",
                &audit
            )
            .await
            .expect("again")
    );
    assert!(
        !store
            .set_message_status(
                id + 100,
                MessageKind::Message,
                MessageStatus::Read,
                None,
                "x",
                &audit
            )
            .await
            .expect("unknown")
    );
    let (entries, total) = store
        .audit_page(&AuditQuery {
            limit: 50,
            ..AuditQuery::default()
        })
        .await
        .expect("audit");
    assert_eq!(total, 1, "{entries:?}");
    assert_eq!(entries[0].action, "message-status-changed");
    assert_eq!(entries[0].ip.as_deref(), Some("192.0.2.7"));
}

async fn only_failed_mail_is_sent_again_with_its_message_id(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let id = message(&store, 1_000, "Asha", "Fees", "What are the fees?").await;
    let audit = staff(2_000, AuditAction::MailResent, None);
    assert_eq!(
        store.resend_contact_mail(id, &audit).await.expect("queued"),
        Resent::NotFailed
    );
    assert_eq!(
        store
            .resend_contact_mail(id + 9, &audit)
            .await
            .expect("unknown"),
        Resent::NotFound
    );

    let first = store
        .claim_due_mail(1_000, 2_000)
        .await
        .expect("claim")
        .expect("due");
    let message_id = first
        .message_id
        .clone()
        .expect("a Message-ID is fixed when queued");
    store
        .mark_mail_failed(first.id, 10, "refused", 1_500)
        .await
        .expect("failed");
    assert_eq!(
        store.resend_contact_mail(id, &audit).await.expect("resent"),
        Resent::Queued
    );
    let again = store
        .claim_due_mail(3_000, 4_000)
        .await
        .expect("claim")
        .expect("due again");
    assert_eq!(
        (again.id, again.attempts),
        (first.id, 0),
        "the same mail, attempts afresh"
    );
    assert_eq!(
        again.message_id.as_deref(),
        Some(message_id.as_str()),
        "the same Message-ID"
    );
    assert_eq!(
        store.inbox_counts("2026-11-27").await.expect("counts").1,
        0,
        "no longer failed"
    );
    let (entries, _) = store
        .audit_page(&AuditQuery {
            limit: 50,
            ..AuditQuery::default()
        })
        .await
        .expect("audit");
    assert_eq!(
        entries.len(),
        1,
        "only the resend that happened is recorded"
    );
}

async fn a_disabled_account_cannot_start_a_session(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    assert!(
        store
            .create_session(&session("s-1", "uid-1", i64::MAX / 2))
            .await
            .expect("session")
    );
    let disable = staff(
        2_000,
        AuditAction::AccountDisabled,
        Some("asha@example.com"),
    );
    assert_eq!(
        store
            .set_account_disabled("uid-1", true, &disable)
            .await
            .expect("disable"),
        AccountSwitch::Changed
    );
    assert!(
        store.session("s-1").await.expect("read").is_none(),
        "its sessions ended"
    );
    assert!(
        !store
            .create_session(&session("s-2", "uid-1", i64::MAX / 2))
            .await
            .expect("refused")
    );
    assert!(store.session("s-2").await.expect("read").is_none());
    assert_eq!(
        store
            .account("uid-1")
            .await
            .expect("read")
            .expect("found")
            .disabled_at,
        Some(2_000)
    );
    assert_eq!(
        store
            .set_account_disabled("uid-1", true, &disable)
            .await
            .expect("again"),
        AccountSwitch::Unchanged
    );
    assert_eq!(
        store
            .set_account_disabled("nobody", true, &disable)
            .await
            .expect("unknown"),
        AccountSwitch::NotFound
    );

    let enable = staff(3_000, AuditAction::AccountEnabled, Some("asha@example.com"));
    assert_eq!(
        store
            .set_account_disabled("uid-1", false, &enable)
            .await
            .expect("enable"),
        AccountSwitch::Changed
    );
    assert!(
        store
            .create_session(&session("s-3", "uid-1", i64::MAX / 2))
            .await
            .expect("session")
    );

    assert!(
        store
            .create_session(&session("s-4", "uid-2", i64::MAX / 2))
            .await
            .expect("session")
    );
    assert!(
        store
            .create_session(&session("s-5", "uid-2", i64::MAX / 2))
            .await
            .expect("session")
    );
    let sign_out = staff(
        4_000,
        AuditAction::AccountSignedOut,
        Some("ravi@example.com"),
    );
    assert_eq!(
        store
            .end_all_sessions("uid-2", &sign_out)
            .await
            .expect("ended"),
        2
    );
    assert!(store.session("s-4").await.expect("read").is_none());
    assert!(
        store.session("s-3").await.expect("read").is_some(),
        "others keep theirs"
    );
    let (_, total) = store
        .audit_page(&AuditQuery {
            limit: 50,
            ..AuditQuery::default()
        })
        .await
        .expect("audit");
    assert_eq!(
        total, 3,
        "disable, enable and sign-out; not the change that changed nothing"
    );
}

async fn the_people_list_finds_and_counts(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    store
        .grant_role(
            "uid-1",
            Role::Teacher,
            &role_change(AuditAction::RoleGranted, 5),
        )
        .await
        .expect("grant");
    store
        .grant_role(
            "uid-1",
            Role::Office,
            &role_change(AuditAction::RoleGranted, 6),
        )
        .await
        .expect("grant");
    assert!(
        store
            .create_session(&session("s-1", "uid-2", i64::MAX / 2))
            .await
            .expect("session")
    );
    store.touch_session("s-1", 9_000).await.expect("touch");

    let (people, total) = store.people_page(None, 0, 50).await.expect("all");
    assert_eq!(total, 2);
    assert_eq!(
        people.iter().map(|p| p.email.as_str()).collect::<Vec<_>>(),
        ["asha@example.com", "ravi@example.com"]
    );
    let mut roles: Vec<&str> = people[0].roles.split(',').collect();
    roles.sort_unstable();
    assert_eq!(roles, ["office", "teacher"]);
    assert!(people[0].has_password && !people[0].has_google);
    assert_eq!(
        people[1].last_active_at,
        Some(9_000),
        "the last use of a session"
    );

    let (found, total) = store
        .people_page(Some("RAVI"), 0, 50)
        .await
        .expect("by email");
    assert_eq!((total, found[0].id.as_str()), (1, "uid-2"));
    let (found, total) = store
        .people_page(Some("asha"), 0, 50)
        .await
        .expect("by name");
    // Both test accounts are named Asha: ravi@example.com is found by its name alone.
    assert_eq!((total, found[1].id.as_str()), (2, "uid-2"));
    let (none, total) = store
        .people_page(Some("nobody"), 0, 50)
        .await
        .expect("none");
    assert!(none.is_empty() && total == 0);
    assert!(store.person("uid-9").await.expect("read").is_none());
    let (taught, joined) = store.person_classes("uid-1").await.expect("classes");
    assert!(taught.is_empty() && joined.is_empty());
}

async fn the_last_admin_keeps_the_role(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let grant = role_change(AuditAction::RoleGranted, 5);
    let revoke = role_change(AuditAction::RoleRevoked, 6);
    store
        .grant_role("uid-1", Role::Admin, &grant)
        .await
        .expect("grant");
    assert_eq!(
        store
            .revoke_role("uid-1", Role::Admin, &revoke)
            .await
            .expect("kept"),
        RoleRevoked::LastAdmin
    );
    assert!(store.has_role("uid-1", Role::Admin).await.expect("has"));
    store
        .grant_role("uid-2", Role::Admin, &grant)
        .await
        .expect("grant");
    assert_eq!(
        store
            .revoke_role("uid-1", Role::Admin, &revoke)
            .await
            .expect("revoked"),
        RoleRevoked::Revoked
    );
    assert_eq!(
        store
            .revoke_role("uid-2", Role::Admin, &revoke)
            .await
            .expect("kept"),
        RoleRevoked::LastAdmin
    );

    // Two admins taking their own roles at once: one of them stays an admin.
    store
        .grant_role("uid-1", Role::Admin, &grant)
        .await
        .expect("grant");
    let (a, b) = tokio::join!(
        store.revoke_role("uid-1", Role::Admin, &revoke),
        store.revoke_role("uid-2", Role::Admin, &revoke),
    );
    let outcomes = [a.expect("one"), b.expect("other")];
    assert!(outcomes.contains(&RoleRevoked::LastAdmin), "{outcomes:?}");
    let admins = store
        .role_holders()
        .await
        .expect("list")
        .into_iter()
        .filter(|h| h.role == Role::Admin)
        .count();
    assert_eq!(admins, 1);
}

async fn the_audit_log_filters_and_forgets_old_entries(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    store
        .grant_role(
            "uid-1",
            Role::Teacher,
            &staff(1_000, AuditAction::RoleGranted, Some("asha@example.com")),
        )
        .await
        .expect("grant");
    store
        .grant_role(
            "uid-2",
            Role::Office,
            &role_change(AuditAction::RoleGranted, 2_000),
        )
        .await
        .expect("grant");
    store
        .record_audit(&staff(
            3_000,
            AuditAction::TestMailSent,
            Some("office@college.test"),
        ))
        .await
        .expect("test mail");

    let all = AuditQuery {
        limit: 50,
        ..AuditQuery::default()
    };
    let (entries, total) = store.audit_page(&all).await.expect("all");
    assert_eq!(total, 3);
    assert_eq!(
        entries.iter().map(|e| e.at).collect::<Vec<_>>(),
        [3_000, 2_000, 1_000],
        "newest first"
    );
    assert_eq!(entries[1].actor_email, None, "the command line");

    let by_target = AuditQuery {
        person: Some("asha@example.com".into()),
        ..all.clone()
    };
    assert_eq!(store.audit_page(&by_target).await.expect("target").1, 1);
    let by_actor = AuditQuery {
        person: Some("office@college.test".into()),
        ..all.clone()
    };
    assert_eq!(store.audit_page(&by_actor).await.expect("actor").1, 2);
    let by_action = AuditQuery {
        action: Some(AuditAction::RoleGranted),
        ..all.clone()
    };
    assert_eq!(store.audit_page(&by_action).await.expect("action").1, 2);

    assert_eq!(store.purge_audit_before(2_500).await.expect("purge"), 2);
    let (left, _) = store.audit_page(&all).await.expect("left");
    assert_eq!(left.iter().map(|e| e.at).collect::<Vec<_>>(), [3_000]);
}

async fn mail_health_counts_the_outbox(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    assert_eq!(store.mail_health(0).await.expect("empty").waiting, 0);
    message(&store, 1_000, "Asha", "One", "1").await;
    message(&store, 2_000, "Ravi", "Two", "2").await;
    message(&store, 3_000, "Kiran", "Three", "3").await;
    fail_next_mail(&store, 10_000).await;
    let sent = store
        .claim_due_mail(10_000, 11_000)
        .await
        .expect("claim")
        .expect("due");
    store
        .reschedule_mail(sent.id, 1, 10_500, "busy", 10_100)
        .await
        .expect("retry");
    let sent = store
        .claim_due_mail(10_600, 11_000)
        .await
        .expect("claim")
        .expect("due");
    store.mark_mail_sent(sent.id, 10_700).await.expect("sent");

    let health = store.mail_health(10_000).await.expect("health");
    // Ravi's mail waits for its retry: the claim took Kiran's, due earlier.
    assert_eq!((health.waiting, health.oldest_waiting_at), (1, Some(2_000)));
    assert_eq!(
        (health.sent_since, health.failed_since, health.failed_total),
        (1, 1, 1)
    );
    assert_eq!(
        health.last_error,
        Some((10_100, "busy".to_owned())),
        "the newest failed attempt"
    );
    let later = store.mail_health(20_000).await.expect("tomorrow");
    assert_eq!(
        (later.sent_since, later.failed_since, later.failed_total),
        (0, 0, 1)
    );
}
