//! Tutorial progress: lesson marks, challenge passes and saved files. Compiled into both
//! backends as part of `store/sql/`: `super` is that module, and through it the backend's
//! `Backend`, `Db` and `dialect`.

use std::collections::BTreeMap;

use async_trait::async_trait;
use sqlx::Transaction;

use super::{
    Backend, Db,
    dialect::{BYTE_ORDER, TEXT_TO_JSON, begin_account_write},
};
use crate::store::{
    error::StoreError,
    progress::{
        FileWrite, LessonMark, PassedChallenge, Progress, ProgressLimits, ProgressStore,
        ProgressWrite, SAVED_FILE_COLUMNS, SaveOutcome, SavedFile, SavedFileRow, file_after_write,
        pass_files_json,
    },
    progress_limits::{ACCOUNT_ROWS_SQL, AccountRows},
};

#[async_trait]
impl ProgressStore for Backend {
    async fn progress(
        &self,
        account_id: &str,
        lesson: Option<&str>,
    ) -> Result<Progress, StoreError> {
        let lessons = lesson_marks(&self.pool, account_id).await?;
        let passes: Vec<PassedChallenge> = sqlx::query_as(&format!(
            "SELECT challenge, passed_at FROM challenge_passes WHERE account_id = $1
             ORDER BY challenge {BYTE_ORDER}"
        ))
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        let files: Vec<SavedFileRow> = match lesson {
            Some(lesson) => {
                sqlx::query_as(&format!(
                    "SELECT {SAVED_FILE_COLUMNS} FROM saved_files
                     WHERE account_id = $1 AND lesson = $2
                     ORDER BY demo {BYTE_ORDER}, file {BYTE_ORDER}"
                ))
                .bind(account_id)
                .bind(lesson)
                .fetch_all(&self.pool)
                .await?
            }
            None => Vec::new(),
        };
        Ok(Progress {
            lessons,
            passes,
            files: files.into_iter().map(SavedFile::from).collect(),
        })
    }

    async fn save_progress(
        &self,
        account_id: &str,
        write: &ProgressWrite,
        limits: &ProgressLimits,
    ) -> Result<SaveOutcome, StoreError> {
        // Parallel writes for one account are applied one after the other: each dialect's
        // `begin_account_write` says how.
        let mut tx = begin_account_write(&self.pool, account_id).await?;
        let before = account_rows(&mut tx, account_id).await?;
        // Whether a teacher's view of the student changed (a mark or a pass), and whether
        // anything changed at all.
        let mut seen_by_teacher = false;
        let mut changed = false;
        for mark in &write.lessons {
            let stored = sqlx::query(
                "INSERT INTO lesson_marks (account_id, lesson, done, changed_at)
                 VALUES ($1, $2, $3, $4)
                 ON CONFLICT (account_id, lesson) DO UPDATE
                 SET done = excluded.done, changed_at = excluded.changed_at
                 WHERE excluded.changed_at > lesson_marks.changed_at",
            )
            .bind(account_id)
            .bind(&mark.lesson)
            .bind(mark.done)
            .bind(mark.changed_at)
            .execute(&mut *tx)
            .await?;
            seen_by_teacher |= stored.rows_affected() > 0;
        }
        for pass in &write.passes {
            let stored = sqlx::query(&format!(
                "INSERT INTO challenge_passes (account_id, challenge, passed_at, files)
                 VALUES ($1, $2, $3, $4{TEXT_TO_JSON})
                 ON CONFLICT (account_id, challenge) DO UPDATE
                 SET passed_at = excluded.passed_at, files = excluded.files
                 WHERE excluded.passed_at > challenge_passes.passed_at"
            ))
            .bind(account_id)
            .bind(&pass.challenge)
            .bind(pass.passed_at)
            .bind(pass_files_json(&pass.files))
            .execute(&mut *tx)
            .await?;
            seen_by_teacher |= stored.rows_affected() > 0;
        }
        let mut written = BTreeMap::new();
        for file in &write.files {
            let (after, file_changed) = write_file(&mut tx, account_id, file, write.merge).await?;
            changed |= file_changed;
            written.insert((after.demo.clone(), after.file.clone()), after);
        }
        let after = account_rows(&mut tx, account_id).await?;
        if let Some(refused) = after.refusal(&before, limits) {
            // Dropping the transaction rolls it back.
            return Ok(refused);
        }
        if seen_by_teacher || changed {
            record_activity(&mut tx, account_id, write.received_at, seen_by_teacher).await?;
        }
        tx.commit().await?;
        Ok(SaveOutcome::Saved {
            files: written.into_values().collect(),
        })
    }
}

/// Every mark of the account, taken back or not, by lesson.
pub(super) async fn lesson_marks(
    pool: &sqlx::Pool<Db>,
    account_id: &str,
) -> Result<Vec<LessonMark>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "SELECT lesson, done, changed_at FROM lesson_marks WHERE account_id = $1
         ORDER BY lesson {BYTE_ORDER}"
    ))
    .bind(account_id)
    .fetch_all(pool)
    .await?)
}

/// How long edits alone may go without moving the version of a student's activity: an open
/// class view then shows "last active" at most this late, without sending a row at every
/// keystroke of every student.
const QUIET_EDITS_MS: i64 = 60_000;

/// Notes that the account's progress reached the server at `now` (its teacher's "last
/// active").
/// The version moves when a mark or pass changed, or when edits alone have kept the student
/// busy for [`QUIET_EDITS_MS`] since it last moved.
async fn record_activity(
    tx: &mut Transaction<'static, Db>,
    account_id: &str,
    now: i64,
    seen_by_teacher: bool,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO progress_activity (account_id, active_at, version) VALUES ($1, $2, 1)
         ON CONFLICT (account_id) DO UPDATE
         SET active_at = excluded.active_at,
             version = CASE WHEN $3 OR progress_activity.active_at < $2 - $4
                            THEN progress_activity.version + 1
                            ELSE progress_activity.version END",
    )
    .bind(account_id)
    .bind(now)
    .bind(seen_by_teacher)
    .bind(QUIET_EDITS_MS)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Applies one file write; returns the row stored after it, and whether it changed.
async fn write_file(
    tx: &mut Transaction<'static, Db>,
    account_id: &str,
    write: &FileWrite,
    merge: bool,
) -> Result<(SavedFile, bool), StoreError> {
    let stored: Option<SavedFileRow> = sqlx::query_as(&format!(
        "SELECT {SAVED_FILE_COLUMNS} FROM saved_files
         WHERE account_id = $1 AND demo = $2 AND file = $3"
    ))
    .bind(account_id)
    .bind(&write.demo)
    .bind(&write.file)
    .fetch_optional(&mut **tx)
    .await?;
    let (after, changed) = file_after_write(stored.map(SavedFile::from), write, merge);
    if !changed {
        return Ok((after, false));
    }
    let other = after.other.as_ref();
    sqlx::query(
        "INSERT INTO saved_files
           (account_id, lesson, demo, file, code, base, edited_at, other_code, other_edited_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (account_id, demo, file) DO UPDATE
         SET lesson = excluded.lesson, code = excluded.code, base = excluded.base,
             edited_at = excluded.edited_at, other_code = excluded.other_code,
             other_edited_at = excluded.other_edited_at",
    )
    .bind(account_id)
    .bind(&after.lesson)
    .bind(&after.demo)
    .bind(&after.file)
    .bind(&after.code)
    .bind(&after.base)
    .bind(after.edited_at)
    .bind(other.map(|o| &o.code))
    .bind(other.map(|o| o.edited_at))
    .execute(&mut **tx)
    .await?;
    Ok((after, true))
}

async fn account_rows(
    tx: &mut Transaction<'static, Db>,
    account_id: &str,
) -> Result<AccountRows, StoreError> {
    Ok(sqlx::query_as(ACCOUNT_ROWS_SQL)
        .bind(account_id)
        .fetch_one(&mut **tx)
        .await?)
}
