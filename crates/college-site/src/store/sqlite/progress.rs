//! Tutorial progress: lesson marks, challenge passes and saved files.

use std::collections::BTreeMap;

use async_trait::async_trait;
use sqlx::{Sqlite, Transaction};

use super::SqliteStore;
use crate::store::{
    FileWrite, LessonMark, PassedChallenge, Progress, ProgressLimits, ProgressStore, ProgressWrite,
    SaveOutcome, SavedFile, StoreError,
    progress::{SAVED_FILE_COLUMNS, SavedFileRow, file_after_write, pass_files_json},
    progress_limits::{ACCOUNT_ROWS_SQL, AccountRows},
};

#[async_trait]
impl ProgressStore for SqliteStore {
    async fn progress(
        &self,
        account_id: &str,
        lesson: Option<&str>,
    ) -> Result<Progress, StoreError> {
        let lessons: Vec<LessonMark> = sqlx::query_as(
            "SELECT lesson, done, changed_at FROM lesson_marks WHERE account_id = ?
             ORDER BY lesson",
        )
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        let passes: Vec<PassedChallenge> = sqlx::query_as(
            "SELECT challenge, passed_at FROM challenge_passes WHERE account_id = ?
             ORDER BY challenge",
        )
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        let files: Vec<SavedFileRow> = match lesson {
            Some(lesson) => {
                sqlx::query_as(&format!(
                    "SELECT {SAVED_FILE_COLUMNS} FROM saved_files
                     WHERE account_id = ? AND lesson = ? ORDER BY demo, file"
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
        // The write lock is taken at BEGIN: a transaction that read first and wrote later
        // could not take it once another writer had committed (SQLITE_BUSY_SNAPSHOT), while
        // one waiting at BEGIN waits its turn (busy timeout) and then reads the latest rows.
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let before = account_rows(&mut tx, account_id).await?;
        for mark in &write.lessons {
            sqlx::query(
                "INSERT INTO lesson_marks (account_id, lesson, done, changed_at)
                 VALUES (?, ?, ?, ?)
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
        }
        for pass in &write.passes {
            sqlx::query(
                "INSERT INTO challenge_passes (account_id, challenge, passed_at, files)
                 VALUES (?, ?, ?, ?)
                 ON CONFLICT (account_id, challenge) DO UPDATE
                 SET passed_at = excluded.passed_at, files = excluded.files
                 WHERE excluded.passed_at > challenge_passes.passed_at",
            )
            .bind(account_id)
            .bind(&pass.challenge)
            .bind(pass.passed_at)
            .bind(pass_files_json(&pass.files))
            .execute(&mut *tx)
            .await?;
        }
        let mut written = BTreeMap::new();
        for file in &write.files {
            let after = write_file(&mut tx, account_id, file, write.merge).await?;
            written.insert((after.demo.clone(), after.file.clone()), after);
        }
        let after = account_rows(&mut tx, account_id).await?;
        if let Some(refused) = after.refusal(&before, limits) {
            // Dropping the transaction rolls it back.
            return Ok(refused);
        }
        tx.commit().await?;
        Ok(SaveOutcome::Saved {
            files: written.into_values().collect(),
        })
    }
}

/// Applies one file write; returns the row stored after it.
async fn write_file(
    tx: &mut Transaction<'static, Sqlite>,
    account_id: &str,
    write: &FileWrite,
    merge: bool,
) -> Result<SavedFile, StoreError> {
    let stored: Option<SavedFileRow> = sqlx::query_as(&format!(
        "SELECT {SAVED_FILE_COLUMNS} FROM saved_files
         WHERE account_id = ? AND demo = ? AND file = ?"
    ))
    .bind(account_id)
    .bind(&write.demo)
    .bind(&write.file)
    .fetch_optional(&mut **tx)
    .await?;
    let (after, changed) = file_after_write(stored.map(SavedFile::from), write, merge);
    if !changed {
        return Ok(after);
    }
    let other = after.other.as_ref();
    sqlx::query(
        "INSERT INTO saved_files
           (account_id, lesson, demo, file, code, base, edited_at, other_code, other_edited_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
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
    Ok(after)
}

async fn account_rows(
    tx: &mut Transaction<'static, Sqlite>,
    account_id: &str,
) -> Result<AccountRows, StoreError> {
    Ok(sqlx::query_as(ACCOUNT_ROWS_SQL)
        .bind(account_id)
        .fetch_one(&mut **tx)
        .await?)
}
