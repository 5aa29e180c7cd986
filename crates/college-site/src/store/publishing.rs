//! What visitors see of the college's notices, and when: publishing a revision now or at a
//! time, unpublishing, expiry, the due publishes the server's timer makes, and the generation
//! that tells every instance its rendered pages are stale.

use async_trait::async_trait;

use super::{audit::NewAuditEntry, content::ContentChange, error::StoreError};

/// What a publish does with the item's live revision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Publish {
    /// `revision` goes live now.
    Now { revision: i64 },
    /// `revision` goes live at `at`; the live one (if any) stays until then.
    At { revision: i64, at: i64 },
}

/// A published notice as visitors see it: its live revision and dates.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PublishedRow {
    pub id: i64,
    pub slug: String,
    pub first_published_at: i64,
    pub live_since: i64,
    pub expires_at: Option<i64>,
    pub title: String,
    pub category: String,
    pub pinned: bool,
    pub body: String,
}

#[async_trait]
pub trait PublishingStore {
    /// Publishes or schedules a revision of `id`, sets when it expires, and records `audit`.
    async fn publish(
        &self,
        id: i64,
        publish: Publish,
        expires_at: Option<i64>,
        audit: &NewAuditEntry,
    ) -> Result<ContentChange, StoreError>;
    /// Takes `id` off the site and drops its schedule; records `audit`.
    async fn unpublish(&self, id: i64, audit: &NewAuditEntry) -> Result<ContentChange, StoreError>;
    /// Marks what visitors read of `id` as still holding at `now`, and records `audit`:
    /// [`ContentChange::Unknown`] when there is no such item or nothing of it is live.
    async fn mark_reviewed(
        &self,
        id: i64,
        now: i64,
        audit: &NewAuditEntry,
    ) -> Result<ContentChange, StoreError>;
    /// Deletes `id` and every revision; records `audit`.
    async fn delete_item(
        &self,
        id: i64,
        audit: &NewAuditEntry,
    ) -> Result<ContentChange, StoreError>;
    /// Makes live every scheduled revision due at `now`, each exactly once however many
    /// instances ask at the same moment. Answers how many went live.
    async fn publish_due(&self, now: i64) -> Result<u64, StoreError>;
    /// The next moment after `now` at which what visitors see changes by itself (a scheduled
    /// publish or an expiry).
    async fn next_content_event(&self, now: i64) -> Result<Option<i64>, StoreError>;
    /// Goes up with every change visitors can see.
    async fn content_generation(&self) -> Result<i64, StoreError>;
    /// Live notices not expired at `now`, pinned first, then newest; `category` narrows them.
    async fn published_notices(
        &self,
        language: &str,
        category: Option<&str>,
        now: i64,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<PublishedRow>, i64), StoreError>;
    /// Live notices not expired at `now` whose title or text holds every one of `words` (in
    /// any case), pinned first, then newest, at most `limit`: the site's search.
    async fn search_notices(
        &self,
        language: &str,
        words: &[String],
        now: i64,
        limit: i64,
    ) -> Result<Vec<PublishedRow>, StoreError>;
    /// Live notices past their expiry at `now`, the latest to expire first: the archive.
    async fn expired_notices(
        &self,
        language: &str,
        now: i64,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<PublishedRow>, i64), StoreError>;
    /// A live notice by its address, expired or not (its page says it has expired).
    async fn published_notice(
        &self,
        language: &str,
        slug: &str,
    ) -> Result<Option<PublishedRow>, StoreError>;
}
