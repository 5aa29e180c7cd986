//! The files of grievances. Compiled into both backends as part of `store/sql/`.

use async_trait::async_trait;

use super::{Backend, Db, files::EVERY_FILES_BYTES};
use crate::store::{
    error::StoreError,
    grievance_files::{
        FileBounds, FilesRefused, GrievanceFileData, GrievanceFileRow, GrievanceFileStore,
        NewGrievanceFile,
    },
};

/// Where new files go: their grievance, the entry they came with, and who sent them.
pub(super) struct FilesOf<'a> {
    pub grievance_id: i64,
    pub entry_id: i64,
    /// The student's account, whose bytes are counted; none for the committee's documents.
    pub student: Option<&'a str>,
    pub at: i64,
}

fn size_of(file: &NewGrievanceFile) -> i64 {
    i64::try_from(file.data.len()).unwrap_or(i64::MAX)
}

/// Keeps `files` in `tx`, within `bounds`; nothing is written when they would pass one.
pub(super) async fn insert_files(
    tx: &mut sqlx::Transaction<'static, Db>,
    to: &FilesOf<'_>,
    files: &[NewGrievanceFile],
    bounds: FileBounds,
) -> Result<Result<(), FilesRefused>, StoreError> {
    if files.is_empty() {
        return Ok(Ok(()));
    }
    let adding: i64 = files.iter().map(size_of).sum();
    let (held,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM grievance_files WHERE grievance_id = $1")
            .bind(to.grievance_id)
            .fetch_one(&mut **tx)
            .await?;
    if held + i64::try_from(files.len()).unwrap_or(i64::MAX) > bounds.per_grievance {
        return Ok(Err(FilesRefused::TooMany));
    }
    if let Some(account_id) = to.student {
        let (bytes,): (i64,) = sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(f.size), 0) AS BIGINT) FROM grievance_files f
             JOIN grievances g ON g.id = f.grievance_id
             WHERE g.account_id = $1 AND NOT f.from_committee",
        )
        .bind(account_id)
        .fetch_one(&mut **tx)
        .await?;
        if bytes.saturating_add(adding) > bounds.per_account_bytes {
            return Ok(Err(FilesRefused::AccountFull));
        }
    }
    let (kept,): (i64,) = sqlx::query_as(EVERY_FILES_BYTES)
        .fetch_one(&mut **tx)
        .await?;
    if kept.saturating_add(adding) > bounds.site_budget {
        return Ok(Err(FilesRefused::SiteFull));
    }
    for file in files {
        sqlx::query(
            "INSERT INTO grievance_files (grievance_id, entry_id, from_committee, name,
                                          content_type, size, created_at, data)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(to.grievance_id)
        .bind(to.entry_id)
        .bind(to.student.is_none())
        .bind(&file.name)
        .bind(file.content_type)
        .bind(size_of(file))
        .bind(to.at)
        .bind(&file.data)
        .execute(&mut **tx)
        .await?;
    }
    Ok(Ok(()))
}

#[async_trait]
impl GrievanceFileStore for Backend {
    async fn grievance_files(&self, id: i64) -> Result<Vec<GrievanceFileRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, entry_id, from_committee, name, content_type, size FROM grievance_files
             WHERE grievance_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn grievance_file(
        &self,
        id: i64,
        file_id: i64,
    ) -> Result<Option<GrievanceFileData>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT name, content_type, data FROM grievance_files
             WHERE grievance_id = $1 AND id = $2",
        )
        .bind(id)
        .bind(file_id)
        .fetch_optional(&self.pool)
        .await?)
    }
}
