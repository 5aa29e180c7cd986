//! Items whose text is a set of fields (the site's pages, the courses, the disclosure's items)
//! rather than a notice's Markdown: each kind is an [`ItemKind`] that names its items by slug
//! and gives each its fields, and every revision keeps the fields as one JSON object in its body. The editors' API over
//! them is one ([`crate::content::items::routes`]).

use crate::content::error::ContentError;
use crate::content::items::fields::{self, Fields, ItemSchema};
use crate::content::publishing::rules::LANGUAGE;
use crate::content::publishing::service;
use crate::{
    error_chain::Chain,
    roles::actor::StaffActor,
    store::{
        Author, ContentKind, ItemRow, NewItem, RevisionText, SharedStore, StoreError, now_millis,
    },
};

/// Who wrote revision 1 of the items a fresh installation starts with, as the history shows it.
const STARTING_AUTHOR: (&str, &str) = ("college-site", "The site as installed");

/// A kind of item edited as fields, kept in the store under its own [`ContentKind`] and
/// named by slug (a course `bca`).
pub trait ItemKind: Send + Sync + 'static {
    /// The store's kind of these items.
    const KIND: ContentKind;
    /// What the staff area says when there is no such item.
    const UNKNOWN: fn() -> ContentError;

    /// The fields of the item `slug`, or none when the kind cannot have it.
    fn schema(slug: &str) -> Option<&'static ItemSchema>;
    /// The revision's title, as the history lists it: the schema's name, where each item has a
    /// schema of its own (a page, an item of the disclosure).
    fn title(schema: &'static ItemSchema, _fields: &Fields) -> String {
        schema.name.to_owned()
    }
    /// What the staff area calls the item: as its title.
    fn name(schema: &'static ItemSchema, _item: &ItemRow) -> String {
        schema.name.to_owned()
    }
    /// Where visitors read the item.
    fn path(schema: &'static ItemSchema, slug: &str) -> String;
    /// When the item, published with `fields`, stops being what visitors see (a person who
    /// leaves): the moment the pages kept of it are dropped. None: it lasts.
    fn expires_at(_fields: &Fields) -> Option<i64> {
        None
    }
}

/// The fields of revision `number` of the item `id`; none for a body this server never wrote.
pub async fn fields_of(
    store: &SharedStore,
    id: i64,
    number: i64,
) -> Result<Option<Fields>, StoreError> {
    Ok(store
        .revision(id, number)
        .await?
        .and_then(|revision| fields::from_body(&revision.body)))
}

/// The schema of `slug` of kind `R`, or the kind's "no such item".
pub fn schema_of<R: ItemKind>(slug: &str) -> Result<&'static ItemSchema, ContentError> {
    R::schema(slug).ok_or_else(R::UNKNOWN)
}

/// The item of `kind` named `slug`, if the store has it.
pub async fn find(
    store: &SharedStore,
    kind: ContentKind,
    slug: &str,
) -> Result<Option<ItemRow>, StoreError> {
    store.item_by_slug(kind, LANGUAGE, slug).await
}

/// The item `slug` of kind `R`.
pub async fn item<R: ItemKind>(store: &SharedStore, slug: &str) -> Result<ItemRow, ContentError> {
    find(store, R::KIND, slug).await?.ok_or_else(R::UNKNOWN)
}

/// The items of kind `R` named by `slugs`, in their order; one the store lacks is left out.
pub async fn items_named<R: ItemKind>(
    store: &SharedStore,
    slugs: &[&str],
) -> Result<Vec<ItemRow>, StoreError> {
    let mut items = Vec::with_capacity(slugs.len());
    for slug in slugs {
        items.extend(find(store, R::KIND, slug).await?);
    }
    Ok(items)
}

/// The revision that keeps `fields`, under `title`.
pub fn revision_text(title: String, fields: &Fields) -> RevisionText {
    RevisionText {
        title,
        // A notice's field, which pages do not use.
        category: "page".to_owned(),
        pinned: false,
        body: serde_json::Value::Object(fields.clone()).to_string(),
    }
}

/// Saves the editor's fields as a new draft revision of `slug` on top of `base`.
pub async fn save<R: ItemKind>(
    store: &SharedStore,
    actor: &StaffActor,
    slug: &str,
    base: i64,
    input: &Fields,
) -> Result<ItemRow, ContentError> {
    let schema = schema_of::<R>(slug)?;
    let fields = fields::parse(schema, input)?;
    let item = item::<R>(store, slug).await?;
    let text = revision_text(R::title(schema, &fields), &fields);
    service::save_text(store, actor, R::KIND, item.id, base, &text, None).await
}

/// Makes the item `slug` of `kind`, unless the store has it, with `fields` as its revision 1
/// under `title`: live when `live`, else a draft waiting to be filled in. Every instance runs
/// it at start-up; the store makes each item once, and what editors did since stays.
pub async fn seed(
    store: &SharedStore,
    kind: ContentKind,
    slug: &str,
    title: String,
    fields: &Fields,
    live: bool,
) {
    let author = Author {
        email: STARTING_AUTHOR.0.to_owned(),
        name: Some(STARTING_AUTHOR.1.to_owned()),
    };
    let text = revision_text(title, fields);
    let item = NewItem {
        kind,
        language: LANGUAGE,
        slug,
        text: &text,
        author: &author,
        now: now_millis(),
    };
    if let Err(error) = store.seed_item(&item, live).await {
        tracing::warn!(kind = kind.name(), item = slug, error = %Chain(&error), "cannot make the item's first revision");
    }
}
