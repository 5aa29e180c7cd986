//! Files attached to notices, and their copies. An upload takes the content lock, so the
//! budget and the count per item are decided one upload at a time, on every instance.

use async_trait::async_trait;

use super::{Backend, audit::insert_audit, dialect::begin_content_write};
use crate::store::{
    audit::NewAuditEntry,
    error::StoreError,
    files::{CopyHead, CopyRow, FileAdded, FileRow, FileStore, NewFile, ServedCopy},
};

/// The bytes of every file the site keeps: the editors' (counted once per file, all copies)
/// and those of grievances, which share the one budget.
pub(super) const EVERY_FILES_BYTES: &str = "SELECT CAST(
    (SELECT COALESCE(SUM(bytes), 0) FROM content_files)
    + (SELECT COALESCE(SUM(size), 0) FROM grievance_files) AS BIGINT)";

#[async_trait]
impl FileStore for Backend {
    async fn add_file(
        &self,
        file: &NewFile<'_>,
        max_per_item: i64,
        budget: i64,
        audit: &NewAuditEntry,
    ) -> Result<FileAdded, StoreError> {
        let mut tx = begin_content_write(&self.pool).await?;
        let item: Option<(i64,)> = sqlx::query_as("SELECT id FROM content_items WHERE id = $1")
            .bind(file.item_id)
            .fetch_optional(&mut *tx)
            .await?;
        if item.is_none() {
            return Ok(FileAdded::UnknownItem);
        }
        let (held,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM content_files WHERE item_id = $1")
                .bind(file.item_id)
                .fetch_one(&mut *tx)
                .await?;
        if held >= max_per_item {
            return Ok(FileAdded::TooMany);
        }
        let (kept,): (i64,) = sqlx::query_as(EVERY_FILES_BYTES)
            .fetch_one(&mut *tx)
            .await?;
        let bytes: i64 = file
            .copies
            .iter()
            .map(|copy| i64::try_from(copy.data.len()).unwrap_or(i64::MAX))
            .sum();
        if kept.saturating_add(bytes) > budget {
            return Ok(FileAdded::OverBudget);
        }
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO content_files (item_id, name, created_at, author_email, author_name, bytes)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(file.item_id)
        .bind(file.name)
        .bind(file.now)
        .bind(&file.author.email)
        .bind(&file.author.name)
        .bind(bytes)
        .fetch_one(&mut *tx)
        .await?;
        for copy in file.copies {
            sqlx::query(
                "INSERT INTO content_file_copies (key, file_id, content_type, width, height, data)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(format!("{id}-{}", copy.tail))
            .bind(id)
            .bind(copy.content_type)
            .bind(copy.width)
            .bind(copy.height)
            .bind(&copy.data)
            .execute(&mut *tx)
            .await?;
        }
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(FileAdded::Done(id))
    }

    async fn files(&self, item_id: i64) -> Result<(Vec<FileRow>, Vec<CopyRow>), StoreError> {
        let files = sqlx::query_as(
            "SELECT id, name, created_at, author_email, author_name, bytes
             FROM content_files WHERE item_id = $1 ORDER BY id",
        )
        .bind(item_id)
        .fetch_all(&self.pool)
        .await?;
        let copies = sqlx::query_as(
            "SELECT c.file_id, c.key, c.content_type, c.width, c.height,
                    CAST(LENGTH(c.data) AS BIGINT) AS size
             FROM content_file_copies c JOIN content_files f ON f.id = c.file_id
             WHERE f.item_id = $1 ORDER BY c.file_id, c.width",
        )
        .bind(item_id)
        .fetch_all(&self.pool)
        .await?;
        Ok((files, copies))
    }

    async fn file_copy(&self, key: &str) -> Result<Option<ServedCopy>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT c.content_type, f.name, c.data
             FROM content_file_copies c JOIN content_files f ON f.id = c.file_id WHERE c.key = $1",
        )
        .bind(key)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn file_copy_head(&self, key: &str) -> Result<Option<CopyHead>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT c.content_type, f.name, CAST(LENGTH(c.data) AS BIGINT) AS size,
                    (i.live IS NOT NULL
                     AND NOT (i.kind = 'person' AND i.expires_at IS NOT NULL
                              AND i.expires_at <= $2)) AS public
             FROM content_file_copies c JOIN content_files f ON f.id = c.file_id
                  JOIN content_items i ON i.id = f.item_id
             WHERE c.key = $1",
        )
        .bind(key)
        .bind(crate::store::now_millis())
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn delete_file(
        &self,
        item_id: i64,
        file_id: i64,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError> {
        let mut tx = begin_content_write(&self.pool).await?;
        let deleted = sqlx::query("DELETE FROM content_files WHERE id = $1 AND item_id = $2")
            .bind(file_id)
            .bind(item_id)
            .execute(&mut *tx)
            .await?;
        if deleted.rows_affected() == 0 {
            return Ok(false);
        }
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn sibling_copies(&self, key: &str) -> Result<Vec<CopyRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT c.file_id, c.key, c.content_type, c.width, c.height,
                    CAST(LENGTH(c.data) AS BIGINT) AS size
             FROM content_file_copies c JOIN content_file_copies k ON k.file_id = c.file_id
             WHERE k.key = $1 ORDER BY c.width",
        )
        .bind(key)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn files_bytes(&self) -> Result<i64, StoreError> {
        let (bytes,): (i64,) = sqlx::query_as(EVERY_FILES_BYTES)
            .fetch_one(&self.pool)
            .await?;
        Ok(bytes)
    }
}
