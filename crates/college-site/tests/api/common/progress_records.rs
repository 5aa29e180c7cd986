//! Progress records for store tests, and SQL for what no store method shows.

use college_site::store::{
    ChallengePass, FileWrite, LessonMark, OtherChange, ProgressLimits, ProgressWrite, SaveOutcome,
    SavedFile, SharedStore,
};
use sqlx::{
    Connection, FromRow, PgConnection, SqliteConnection, postgres::PgRow, sqlite::SqliteRow,
};

use super::{Backend, TestDatabase, records::account};

/// No limit on what an account keeps.
pub const NO_LIMITS: ProgressLimits = ProgressLimits {
    files: i64::MAX,
    passes: i64::MAX,
    marks: i64::MAX,
    bytes: i64::MAX,
};

/// A database with two accounts, `uid-1` and `uid-2`.
pub async fn open_with_accounts(backend: Backend) -> Option<(TestDatabase, SharedStore)> {
    let database = TestDatabase::create(backend).await?;
    let store = database.store().await;
    for (id, email) in [("uid-1", "asha@example.com"), ("uid-2", "ravi@example.com")] {
        let (account, profile) = account(id, email);
        store
            .create_account(&account, &profile)
            .await
            .expect("created");
    }
    Some((database, store))
}

pub fn mark(lesson: &str, done: bool, changed_at: i64) -> LessonMark {
    LessonMark {
        lesson: lesson.into(),
        done,
        changed_at,
    }
}

pub fn pass(challenge: &str, passed_at: i64, files: &[(&str, &str)]) -> ChallengePass {
    ChallengePass {
        challenge: challenge.into(),
        passed_at,
        files: files
            .iter()
            .map(|(name, code)| ((*name).into(), (*code).into()))
            .collect(),
    }
}

/// A write of `demo`'s `App.jsx` in the lesson `state`, leaving the other version as it is.
pub fn file(demo: &str, code: Option<&str>, edited_at: i64) -> FileWrite {
    FileWrite {
        lesson: "state".into(),
        demo: demo.into(),
        file: "App.jsx".into(),
        code: code.map(Into::into),
        base: "base-1".into(),
        edited_at,
        other: OtherChange::Keep,
    }
}

pub fn files(merge: bool, files: Vec<FileWrite>) -> ProgressWrite {
    ProgressWrite {
        merge,
        files,
        ..ProgressWrite::default()
    }
}

/// Saves for `uid-1`, expecting it to be saved; returns the stored rows of the files written.
pub async fn save(store: &SharedStore, write: &ProgressWrite) -> Vec<SavedFile> {
    match store
        .save_progress("uid-1", write, &NO_LIMITS)
        .await
        .expect("saved")
    {
        SaveOutcome::Saved { files } => files,
        refused => panic!("refused: {refused:?}"),
    }
}

/// The saved files of `uid-1` in the lesson `state`.
pub async fn state_files(store: &SharedStore) -> Vec<SavedFile> {
    store
        .progress("uid-1", Some("state"))
        .await
        .expect("read")
        .files
}

/// Runs one statement with its own connection, as an administrator would.
pub async fn execute(db: &TestDatabase, sql: &str) {
    if db.url.starts_with("sqlite:") {
        let mut connection = SqliteConnection::connect(&db.url).await.expect("sqlite");
        // Cascades need foreign keys on, which SQLite sets per connection.
        sqlx::query("PRAGMA foreign_keys = ON")
            .execute(&mut connection)
            .await
            .expect("pragma");
        sqlx::query(sql)
            .execute(&mut connection)
            .await
            .expect("statement");
    } else {
        let mut connection = PgConnection::connect(&db.url).await.expect("postgres");
        sqlx::query(sql)
            .execute(&mut connection)
            .await
            .expect("statement");
    }
}

/// Rows read with SQL, for what no store method shows. `sql` must read the same on both
/// backends.
pub async fn rows<T>(db: &TestDatabase, sql: &str) -> Vec<T>
where
    T: for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    if db.url.starts_with("sqlite:") {
        let mut connection = SqliteConnection::connect(&db.url).await.expect("sqlite");
        sqlx::query_as(sql)
            .fetch_all(&mut connection)
            .await
            .expect("rows")
    } else {
        let mut connection = PgConnection::connect(&db.url).await.expect("postgres");
        sqlx::query_as(sql)
            .fetch_all(&mut connection)
            .await
            .expect("rows")
    }
}
