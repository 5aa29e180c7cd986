//! Deleting an account and reading all its progress for the data download, on SQLite and on
//! PostgreSQL (when TEST_DATABASE_URL is set).

use college_site::store::ANY_CLIENT;

use crate::common::{
    Backend, TestDatabase,
    progress_records::{
        NO_LIMITS, execute, file, files, mark, open_with_accounts, pass, rows, save,
    },
    records::{account, session},
};
use college_site::store::{
    AccountDeletion, ChallengePass, FileWrite, NewMail, NewPasswordReset, OtherVersion,
    ProgressWrite, RecentLinks, SavedFile, SharedStore,
};

crate::on_both_backends!(
    every_table_that_names_an_account_goes_with_it,
    deleting_an_account_takes_everything_with_it_and_queues_one_mail,
    an_unknown_account_is_not_deleted_and_gets_no_mail,
    all_progress_holds_every_lesson_pass_and_file_of_the_account,
);

fn mail() -> NewMail {
    crate::common::records::mail(
        "Asha <asha@example.com>",
        "Your account was deleted",
        "Hello Asha,",
    )
}

async fn every_table_that_names_an_account_goes_with_it(backend: Backend) {
    let Some(db) = TestDatabase::create(backend).await else {
        return;
    };
    let _store = db.store().await;
    let sql = match backend {
        Backend::Sqlite => {
            "SELECT m.name, p.on_delete FROM sqlite_master m, pragma_foreign_key_list(m.name) p
             WHERE m.type = 'table' AND p.\"table\" = 'accounts' ORDER BY m.name"
        }
        Backend::Postgres => {
            "SELECT conrelid::regclass::text,
                    CASE confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' ELSE 'NO' END
             FROM pg_constraint WHERE contype = 'f' AND confrelid = 'accounts'::regclass
             ORDER BY 1"
        }
    };
    let references: Vec<(String, String)> = rows(&db, sql).await;
    let tables: Vec<_> = references.iter().map(|(table, _)| table.as_str()).collect();
    assert_eq!(
        tables,
        [
            "account_roles",
            "challenge_passes",
            "class_members",
            "classes",
            "email_verifications",
            "grievances",
            "lesson_marks",
            "passkey_ceremonies",
            "passkeys",
            "password_resets",
            "pending_sign_ins",
            "progress_activity",
            "recovery_codes",
            "saved_files",
            "second_factors",
            "sessions",
            "users"
        ]
    );
    for (table, on_delete) in &references {
        // A grievance is the college's record, which the regulations have it keep: it keeps
        // the name and address it was filed under, and loses only the link to the account.
        let kept = if table == "grievances" {
            "SET NULL"
        } else {
            "CASCADE"
        };
        assert_eq!(on_delete, kept, "{table}");
    }
}

/// Gives `uid-1` and `uid-2` a session, a failed login and progress each, and `uid-1` a reset
/// link and an email verification link, each with its mail.
async fn fill(db: &TestDatabase, store: &SharedStore) {
    for (id, email) in [("uid-1", "asha@example.com"), ("uid-2", "ravi@example.com")] {
        store
            .create_session(&session(&format!("session-{id}"), id, i64::MAX / 2))
            .await
            .expect("session");
        store
            .record_login_failure(email, ANY_CLIENT, 1_500)
            .await
            .expect("failure");
        let write = ProgressWrite {
            lessons: vec![mark("state", true, 10)],
            passes: vec![pass("counter", 10, &[("App.jsx", "x")])],
            files: vec![file("counter", Some("x"), 10)],
            merge: false,
            received_at: 10,
        };
        store
            .save_progress(id, &write, &NO_LIMITS)
            .await
            .expect("saved");
    }
    let reset = NewPasswordReset {
        token_hash: "reset-1".into(),
        account_id: "uid-1".into(),
        created_at: 1_000,
        expires_at: i64::MAX / 2,
    };
    let no_limit = RecentLinks {
        since: 0,
        max: i64::MAX,
    };
    store
        .save_password_reset(&reset, &mail(), no_limit)
        .await
        .expect("reset link");
    execute(
        db,
        "INSERT INTO email_verifications (token_hash, account_id, email, email_key, created_at, expires_at)
         VALUES ('verify-1', 'uid-1', 'asha@example.com', 'asha@example.com', 1000, 99999999999)",
    )
    .await;
    execute(
        db,
        "INSERT INTO outbox (recipient, reply_to, subject, body, next_attempt_at, created_at, email_verification)
         VALUES ('asha@example.com', 'office@college.test', 'Verify', 'link', 1000, 1000, 'verify-1')",
    )
    .await;
}

async fn deleting_an_account_takes_everything_with_it_and_queues_one_mail(backend: Backend) {
    let Some((db, store)) = open_with_accounts(backend).await else {
        return;
    };
    fill(&db, &store).await;
    assert_eq!(
        store
            .delete_account("uid-1", &mail(), 5_000)
            .await
            .expect("deleted"),
        AccountDeletion::Deleted
    );

    assert_eq!(store.account("uid-1").await.expect("read"), None);
    assert_eq!(store.profile("uid-1").await.expect("read"), None);
    assert_eq!(store.session("session-uid-1").await.expect("read"), None);
    let resets = store
        .password_resets_since("uid-1", 0)
        .await
        .expect("count");
    assert_eq!(resets, 0, "reset links");
    let verifications: Vec<(String,)> =
        rows(&db, "SELECT token_hash FROM email_verifications").await;
    assert!(verifications.is_empty(), "verification links");
    let progress = store.all_progress("uid-1").await.expect("read");
    assert_eq!(progress, Default::default(), "progress");
    let failures = store
        .login_failures_since("asha@example.com", ANY_CLIENT, 0)
        .await;
    assert!(failures.expect("read").is_empty(), "failed logins");

    // The other account keeps everything.
    assert!(store.account("uid-2").await.expect("read").is_some());
    assert!(
        store
            .session("session-uid-2")
            .await
            .expect("read")
            .is_some()
    );
    let ravi = store.all_progress("uid-2").await.expect("read");
    assert_eq!(
        (ravi.lessons.len(), ravi.passes.len(), ravi.files.len()),
        (1, 1, 1)
    );
    let failures = store
        .login_failures_since("ravi@example.com", ANY_CLIENT, 0)
        .await;
    assert_eq!(failures.expect("read").len(), 1);

    // The links' unsent mails went with them; the confirmation is queued.
    let queued = store
        .claim_due_mail(5_000, 6_000)
        .await
        .expect("claim")
        .expect("a mail");
    assert_eq!(queued.subject, "Your account was deleted");
    assert_eq!(queued.recipient, "Asha <asha@example.com>");
    assert!(
        store
            .claim_due_mail(5_000, 6_000)
            .await
            .expect("claim")
            .is_none()
    );

    // The email is free at once.
    let (again, profile) = account("uid-3", "asha@example.com");
    store
        .create_account(&again, &profile)
        .await
        .expect("the email registers again");
}

async fn an_unknown_account_is_not_deleted_and_gets_no_mail(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    assert_eq!(
        store
            .delete_account("uid-gone", &mail(), 5_000)
            .await
            .expect("no error"),
        AccountDeletion::NotFound
    );
    assert!(
        store
            .claim_due_mail(5_000, 6_000)
            .await
            .expect("claim")
            .is_none()
    );
    assert!(store.account("uid-1").await.expect("read").is_some());
}

async fn all_progress_holds_every_lesson_pass_and_file_of_the_account(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let in_effects = FileWrite {
        lesson: "effects".into(),
        demo: "timer".into(),
        ..file("ignored", Some("tick()"), 30)
    };
    save(
        &store,
        &ProgressWrite {
            lessons: vec![mark("state", true, 10), mark("effects", false, 12)],
            passes: vec![pass("counter", 11, &[("App.jsx", "ok"), ("util.js", "u")])],
            files: vec![file("counter", Some("a"), 10), in_effects],
            merge: false,
            received_at: 10,
        },
    )
    .await;
    // A merge keeps the older edit as the other version.
    save(&store, &files(true, vec![file("counter", Some("b"), 20)])).await;
    store
        .save_progress(
            "uid-2",
            &files(false, vec![file("ravi", Some("r"), 5)]),
            &NO_LIMITS,
        )
        .await
        .expect("saved");

    let all = store.all_progress("uid-1").await.expect("read");
    assert_eq!(
        all.lessons,
        [mark("effects", false, 12), mark("state", true, 10)]
    );
    let expected_pass: ChallengePass = pass("counter", 11, &[("App.jsx", "ok"), ("util.js", "u")]);
    assert_eq!(all.passes, [expected_pass]);
    let saved = |lesson: &str, demo: &str, code: &str, edited_at, other| SavedFile {
        lesson: lesson.into(),
        demo: demo.into(),
        file: "App.jsx".into(),
        code: Some(code.into()),
        base: "base-1".into(),
        edited_at,
        other,
    };
    let older = OtherVersion {
        code: "a".into(),
        edited_at: 10,
    };
    assert_eq!(
        all.files,
        [
            saved("effects", "timer", "tick()", 30, None),
            saved("state", "counter", "b", 20, Some(older)),
        ]
    );
}
