//! The files of a grievance: what the student attaches to a filing or a reply, and the
//! documents the committee sends with a message or its decision. Kept with the entry they came
//! with, in the same transaction; never public. Every upload is bounded three ways: files per
//! grievance, bytes per account, and the site's budget for every uploaded file.

use async_trait::async_trait;

use super::error::StoreError;

/// A file ready to keep, checked by its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGrievanceFile {
    pub name: String,
    pub content_type: &'static str,
    pub data: Vec<u8>,
}

/// How much a grievance's files may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileBounds {
    /// Files one grievance holds at most, from the student and the committee together.
    pub per_grievance: i64,
    /// Bytes the files a student attached, to all their grievances, may take.
    pub per_account_bytes: i64,
    /// Bytes every uploaded file on the site may take, editors' and grievances' together.
    pub site_budget: i64,
}

/// Why files were not kept (and nothing else was).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilesRefused {
    TooMany,
    AccountFull,
    SiteFull,
}

/// A file as the grievance's page lists it, without its bytes.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct GrievanceFileRow {
    pub id: i64,
    pub entry_id: i64,
    pub from_committee: bool,
    pub name: String,
    pub content_type: String,
    pub size: i64,
}

/// A file as it is downloaded.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct GrievanceFileData {
    pub name: String,
    pub content_type: String,
    pub data: Vec<u8>,
}

#[async_trait]
pub trait GrievanceFileStore {
    /// The files of grievance `id`, oldest first.
    async fn grievance_files(&self, id: i64) -> Result<Vec<GrievanceFileRow>, StoreError>;

    /// File `file_id` of grievance `id`, with its bytes.
    async fn grievance_file(
        &self,
        id: i64,
        file_id: i64,
    ) -> Result<Option<GrievanceFileData>, StoreError>;
}
