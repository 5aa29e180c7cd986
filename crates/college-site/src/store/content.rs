//! What the college publishes itself (notices, pages, courses, the disclosure's items): items
//! and their append-only revisions, as editors write them. What visitors see of them, and
//! when, is in `publishing.rs`.

use async_trait::async_trait;

use super::error::StoreError;

/// A kind of item, kept in the item's own column; a slug is unique within its kind. A notice's
/// body is Markdown; the others' bodies are their fields as JSON: the site's pages (Home, About,
/// Contact and the footer, by their names: `about`), the courses (`bca`) and the disclosure's
/// items (`iqac`) and the college's people (`meera-shah`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentKind {
    Notice,
    Page,
    Course,
    Disclosure,
    Person,
}

impl ContentKind {
    pub fn name(self) -> &'static str {
        match self {
            ContentKind::Notice => "notice",
            ContentKind::Page => "page",
            ContentKind::Course => "course",
            ContentKind::Disclosure => "disclosure",
            ContentKind::Person => "person",
        }
    }
}

/// What an editor writes in one save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevisionText {
    pub title: String,
    pub category: String,
    pub pinned: bool,
    /// Markdown.
    pub body: String,
}

/// Who saved a revision, as the history shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Author {
    pub email: String,
    pub name: Option<String>,
}

/// A new item with its first revision.
#[derive(Debug, Clone)]
pub struct NewItem<'a> {
    pub kind: ContentKind,
    pub language: &'a str,
    /// Tried as is, then with `-2`, `-3`... until one is free.
    pub slug: &'a str,
    pub text: &'a RevisionText,
    pub author: &'a Author,
    pub now: i64,
}

/// A save of an item: its text on top of the revision the editor opened.
#[derive(Debug, Clone)]
pub struct NewRevision<'a> {
    pub base: i64,
    pub text: &'a RevisionText,
    pub author: &'a Author,
    /// Set when the save restores an older revision.
    pub restored_from: Option<i64>,
    pub keep: i64,
    pub now: i64,
}

/// An item as the staff area lists and opens it: its newest revision's text and its state.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ItemRow {
    pub id: i64,
    pub slug: String,
    pub language: String,
    pub created_at: i64,
    pub head: i64,
    pub live: Option<i64>,
    pub first_published_at: Option<i64>,
    pub live_since: Option<i64>,
    pub scheduled: Option<i64>,
    pub publish_at: Option<i64>,
    pub expires_at: Option<i64>,
    /// The head revision's.
    pub title: String,
    pub category: String,
    pub pinned: bool,
    pub updated_at: i64,
    pub author_email: String,
    pub author_name: Option<String>,
    /// When an editor last marked what visitors read as still holding, without a change.
    pub reviewed_at: Option<i64>,
}

/// One revision, whole.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RevisionRow {
    pub number: i64,
    pub created_at: i64,
    pub author_email: String,
    pub author_name: Option<String>,
    pub title: String,
    pub category: String,
    pub pinned: bool,
    pub body: String,
    pub restored_from: Option<i64>,
}

/// Which revision of each item [`ContentStore::items_with_bodies`] reads the body of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// The newest: what editors see.
    Head,
    /// What visitors see; items with none are left out.
    Live,
}

/// An item with the body of one of its revisions, read in one query for a whole kind.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ItemWithBody {
    #[sqlx(flatten)]
    pub item: ItemRow,
    pub body: String,
}

/// Which items the staff list shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ItemQuery {
    /// Words of the title (of the newest revision).
    pub search: Option<String>,
    pub offset: i64,
    pub limit: i64,
}

/// Why a save or a publish was not made.
#[derive(Debug, PartialEq, Eq)]
pub enum ContentChange {
    Done,
    /// There is no such item (or revision).
    Unknown,
    /// Someone saved a newer revision since the editor opened theirs: nothing was saved.
    Stale {
        head: i64,
    },
    /// The store holds as many items of this kind as it may.
    Full,
}

#[async_trait]
pub trait ContentStore {
    /// Creates an item and its revision 1, unless `max_items` of its kind exist. Answers its id.
    async fn create_item(
        &self,
        item: &NewItem<'_>,
        max_items: i64,
    ) -> Result<Option<i64>, StoreError>;
    /// Saves a new revision of `id` on top of `revision.base`, unless a newer one was saved
    /// meanwhile. Keeps the `revision.keep` newest revisions and the live and scheduled ones,
    /// deleting older ones.
    async fn save_revision(
        &self,
        id: i64,
        revision: &NewRevision<'_>,
    ) -> Result<ContentChange, StoreError>;
    async fn item(&self, kind: ContentKind, id: i64) -> Result<Option<ItemRow>, StoreError>;
    async fn item_by_slug(
        &self,
        kind: ContentKind,
        language: &str,
        slug: &str,
    ) -> Result<Option<ItemRow>, StoreError>;
    /// Creates the item with its revision 1, live when `live` (a draft to fill in when not),
    /// unless an item of its kind, language and slug exists (a fresh installation's pages:
    /// every instance may try at start-up, and one makes each). Answers whether it made it.
    async fn seed_item(&self, item: &NewItem<'_>, live: bool) -> Result<bool, StoreError>;
    /// One page of items, newest change first, and how many match in all.
    async fn items_page(
        &self,
        kind: ContentKind,
        query: &ItemQuery,
    ) -> Result<(Vec<ItemRow>, i64), StoreError>;
    /// Every item of `kind` in `language` (at most `limit`, oldest first) with the body of its
    /// `version`: a whole kind read at once, for the kinds a page lists whole (the people).
    async fn items_with_bodies(
        &self,
        kind: ContentKind,
        language: &str,
        version: Version,
        limit: i64,
    ) -> Result<Vec<ItemWithBody>, StoreError>;
    /// Claims the upgrade `name` of the content for this instance, once for all: answers
    /// whether this call claimed it (another instance, or an earlier start, did otherwise).
    async fn claim_upgrade(&self, name: &str, now: i64) -> Result<bool, StoreError>;
    /// The revisions of `id` kept, newest first, without their bodies' text (empty).
    async fn revisions(&self, id: i64) -> Result<Vec<RevisionRow>, StoreError>;
    async fn revision(&self, id: i64, number: i64) -> Result<Option<RevisionRow>, StoreError>;
}
