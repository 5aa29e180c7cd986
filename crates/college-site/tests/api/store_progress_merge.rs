//! The progress store: merging a browser's edits into an account, deleting an account, and
//! parallel saves, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use std::{sync::Arc, time::Duration};

use crate::common::{
    Backend,
    progress_records::{
        NO_LIMITS, execute, file, files, mark, open_with_accounts, pass, rows, save, state_files,
    },
};
use college_site::store::{OtherChange, OtherVersion, ProgressWrite, SaveOutcome};
use sqlx::{Connection, PgConnection};
use tokio::sync::Barrier;

crate::on_both_backends!(
    a_merge_of_the_same_code_keeps_one_version,
    a_merge_of_different_code_keeps_the_older_as_the_other_version,
    a_merge_keeps_no_reset_as_the_other_version,
    deleting_an_account_deletes_its_progress,
    parallel_saves_of_one_file_all_succeed_and_the_newest_wins,
);

/// PostgreSQL only: SQLite has no row locks, its writers take turns whole.
mod a_progress_write_does_not_wait_for_a_sign_in {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        super::a_progress_write_does_not_wait_for_a_sign_in().await;
    }
}

fn other(code: &str, edited_at: i64) -> Option<OtherVersion> {
    Some(OtherVersion {
        code: code.into(),
        edited_at,
    })
}

async fn a_merge_of_the_same_code_keeps_one_version(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    save(
        &store,
        &files(false, vec![file("counter", Some("same"), 20)]),
    )
    .await;
    save(
        &store,
        &files(true, vec![file("counter", Some("same"), 10)]),
    )
    .await;
    let row = state_files(&store).await.remove(0);
    assert_eq!((row.code.as_deref(), row.edited_at), (Some("same"), 20));
    assert_eq!(row.other, None);

    save(
        &store,
        &files(true, vec![file("counter", Some("same"), 30)]),
    )
    .await;
    let row = state_files(&store).await.remove(0);
    assert_eq!((row.edited_at, row.other), (30, None), "the later time");
}

async fn a_merge_of_different_code_keeps_the_older_as_the_other_version(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    // The browser's edit is newer: it becomes the code, the account's the other version.
    save(
        &store,
        &files(false, vec![file("counter", Some("account"), 10)]),
    )
    .await;
    let merge = files(true, vec![file("counter", Some("browser"), 20)]);
    let saved = save(&store, &merge).await;
    assert_eq!(saved[0].code.as_deref(), Some("browser"));
    assert_eq!(saved[0].other, other("account", 10));
    assert_eq!(
        save(&store, &merge).await,
        saved,
        "a repeat changes nothing"
    );

    // The browser's edit is older: the account's stays, the browser's is kept beside it.
    save(
        &store,
        &files(false, vec![file("toggle", Some("account"), 30)]),
    )
    .await;
    let mut older = file("toggle", Some("browser"), 25);
    older.other = OtherChange::Clear; // ignored when merging
    save(&store, &files(true, vec![older])).await;
    let rows = state_files(&store).await;
    assert_eq!(rows[1].demo, "toggle");
    assert_eq!(
        (rows[1].code.as_deref(), rows[1].edited_at),
        (Some("account"), 30)
    );
    assert_eq!(rows[1].other, other("browser", 25));
    // A file the account does not have is added.
    save(&store, &files(true, vec![file("clock", Some("new"), 5)])).await;
    assert_eq!(state_files(&store).await.len(), 3);
}

async fn a_merge_keeps_no_reset_as_the_other_version(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    // The account's version is a reset, older than the browser's edit.
    save(&store, &files(false, vec![file("counter", None, 10)])).await;
    save(
        &store,
        &files(true, vec![file("counter", Some("browser"), 20)]),
    )
    .await;
    let row = state_files(&store).await.remove(0);
    assert_eq!((row.code.as_deref(), row.other), (Some("browser"), None));

    // The browser's version is a reset, older than the account's edit.
    save(
        &store,
        &files(false, vec![file("toggle", Some("account"), 30)]),
    )
    .await;
    save(&store, &files(true, vec![file("toggle", None, 25)])).await;
    let row = state_files(&store).await.remove(1);
    assert_eq!((row.code.as_deref(), row.other), (Some("account"), None));
}

async fn deleting_an_account_deletes_its_progress(backend: Backend) {
    let Some((db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let write = ProgressWrite {
        lessons: vec![mark("state", true, 10)],
        passes: vec![pass("state/counter", 10, &[("App.jsx", "x")])],
        files: vec![file("counter", Some("x"), 10)],
        ..ProgressWrite::default()
    };
    save(&store, &write).await;
    store
        .save_progress("uid-2", &write, &NO_LIMITS)
        .await
        .expect("saved");

    execute(&db, "DELETE FROM accounts WHERE id = 'uid-1'").await;
    for table in ["lesson_marks", "challenge_passes", "saved_files"] {
        let left: Vec<(String,)> = rows(
            &db,
            &format!("SELECT account_id FROM {table} ORDER BY account_id"),
        )
        .await;
        assert_eq!(left, [("uid-2".to_owned(),)], "{table}");
    }
}

async fn parallel_saves_of_one_file_all_succeed_and_the_newest_wins(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    // Times in a mixed order, all sent at once.
    let start = Arc::new(Barrier::new(20));
    let saves: Vec<_> = (0..20)
        .map(|i| {
            let n = (i * 7) % 20 + 1;
            let (store, start) = (store.clone(), start.clone());
            tokio::spawn(async move {
                let write = files(false, vec![file("counter", Some(&format!("v{n}")), n)]);
                start.wait().await;
                store
                    .save_progress("uid-1", &write, &NO_LIMITS)
                    .await
                    .expect("no error")
            })
        })
        .collect();
    for saved in saves {
        assert!(matches!(
            saved.await.expect("joined"),
            SaveOutcome::Saved { .. }
        ));
    }
    let progress = store.progress("uid-1", Some("state")).await.expect("read");
    assert_eq!(progress.files.len(), 1);
    assert_eq!(
        (
            progress.files[0].code.as_deref(),
            progress.files[0].edited_at
        ),
        (Some("v20"), 20)
    );
}

/// A sign-in inserts a session row, whose foreign key takes a KEY SHARE lock on the account's
/// row until it commits. The lock a progress write takes on that row must not conflict with
/// it: progress writes of one account take turns among themselves, not with sign-ins. Here a
/// sign-in is under way while the write is made.
async fn a_progress_write_does_not_wait_for_a_sign_in() {
    let Some((db, store)) = open_with_accounts(Backend::Postgres).await else {
        return;
    };
    let mut sign_in = PgConnection::connect(&db.url).await.expect("postgres");
    let mut sign_in = sign_in.begin().await.expect("begin");
    sqlx::query(
        "INSERT INTO sessions (token_hash, account_id, remember, created_at, last_seen_at, expires_at)
         VALUES ('hash', 'uid-1', TRUE, 1, 1, 2)",
    )
    .execute(&mut *sign_in)
    .await
    .expect("session");
    let write = files(false, vec![file("counter", Some("x"), 10)]);
    let saved = tokio::time::timeout(
        Duration::from_secs(5),
        store.save_progress("uid-1", &write, &NO_LIMITS),
    )
    .await
    .expect("the progress write did not wait for the sign-in")
    .expect("saved");
    assert!(matches!(saved, SaveOutcome::Saved { .. }));
    sign_in.commit().await.expect("commit");
}
