//! The files editors attach to notices: their copies (a PDF as uploaded; an image at a few
//! widths), served by address, and their bytes counted against the site's budget.

use async_trait::async_trait;

use super::{audit::NewAuditEntry, content::Author, error::StoreError};

/// One copy of a new file, ready to keep.
pub struct NewCopy {
    /// Its address's end (a hash of its bytes, a width, an extension): the store puts the
    /// file's id before it.
    pub tail: String,
    pub content_type: &'static str,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub data: Vec<u8>,
}

pub struct NewFile<'a> {
    pub item_id: i64,
    pub name: &'a str,
    pub author: &'a Author,
    pub now: i64,
    pub copies: &'a [NewCopy],
}

/// What became of an upload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileAdded {
    Done(i64),
    UnknownItem,
    /// The item holds as many files as one may.
    TooMany,
    /// The site's files would pass their budget.
    OverBudget,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct FileRow {
    pub id: i64,
    pub name: String,
    pub created_at: i64,
    pub author_email: String,
    pub author_name: Option<String>,
    pub bytes: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CopyRow {
    pub file_id: i64,
    pub key: String,
    pub content_type: String,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub size: i64,
}

/// A copy as it is served.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ServedCopy {
    pub content_type: String,
    pub name: String,
    pub data: Vec<u8>,
}

/// What serving a copy needs to know before its bytes: whether it exists, and how to send it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CopyHead {
    pub content_type: String,
    pub name: String,
    pub size: i64,
    /// Its item is published: visitors may download it. An item never published, or taken
    /// down, shows its files to its editors only.
    pub public: bool,
}

#[async_trait]
pub trait FileStore {
    /// Keeps `file` with its copies unless the item has `max_per_item` files already or every
    /// file's bytes would pass `budget`; records `audit`.
    async fn add_file(
        &self,
        file: &NewFile<'_>,
        max_per_item: i64,
        budget: i64,
        audit: &NewAuditEntry,
    ) -> Result<FileAdded, StoreError>;
    /// The item's files, oldest first, and their copies.
    async fn files(&self, item_id: i64) -> Result<(Vec<FileRow>, Vec<CopyRow>), StoreError>;
    async fn file_copy(&self, key: &str) -> Result<Option<ServedCopy>, StoreError>;
    /// The copy at `key` without its bytes (which the file cache keeps), and whether visitors
    /// may have it: its item is published, and is not a person who has left.
    async fn file_copy_head(&self, key: &str) -> Result<Option<CopyHead>, StoreError>;
    /// Deletes a file of the item with its copies; false when it has no such file.
    async fn delete_file(
        &self,
        item_id: i64,
        file_id: i64,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError>;
    /// Every copy of the file whose copy is at `key` (an image's widths), smallest first.
    async fn sibling_copies(&self, key: &str) -> Result<Vec<CopyRow>, StoreError>;
    /// The bytes of every file the site keeps.
    async fn files_bytes(&self) -> Result<i64, StoreError>;
}
