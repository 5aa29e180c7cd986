//! The disclosure over the store: each item is an item of kind `disclosure` (`iqac`), whose
//! revisions keep its fields as the pages' do. A fresh installation
//! makes each item as an empty draft, never published: the staff area's checklist flags it,
//! and the page says plainly that it is not published yet.

use std::collections::HashMap;

use super::items::all_items;
use crate::content::items::fields::{self, Fields, ItemSchema};
use crate::content::items::service::{self as items, fields_of};
use crate::content::publishing::rules::LANGUAGE;
use crate::store::{self, ContentKind, ItemRow, ItemWithBody, SharedStore, StoreError};

/// Items read at once at most: every item the disclosure declares, with room to spare.
pub const MAX_ITEMS: i64 = 500;

/// Makes each item the store lacks, as an empty draft. Every instance runs it at start-up.
pub async fn seed(store: &SharedStore) {
    for item in all_items() {
        let empty: Fields = item
            .fields
            .iter()
            .map(|field| (field.key.to_owned(), String::new().into()))
            .collect();
        let (kind, name) = (ContentKind::Disclosure, item.name.to_owned());
        items::seed(store, kind, item.slug, name, &empty, false).await;
    }
}

/// Which version of each item to show: what visitors see, or the newest (an editor's preview).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    Live,
    Newest,
}

/// An item as the page shows it: the fields of the version shown, when there is one filled in
/// (none: "not published yet"), since when visitors see the live one, and whether the version
/// shown is a draft (only in an editor's preview).
#[derive(Debug)]
pub struct Entry {
    pub schema: &'static ItemSchema,
    pub fields: Option<Fields>,
    pub live_since: Option<i64>,
    /// When an editor last marked the live version as still holding, without a change.
    pub reviewed_at: Option<i64>,
    pub draft: bool,
}

/// Every item, in the page's order, at `version`: the whole disclosure in one query (two for
/// an editor's preview), however many items it has.
pub async fn entries(store: &SharedStore, version: Version) -> Result<Vec<Entry>, StoreError> {
    let by_slug = |rows: Vec<ItemWithBody>| -> HashMap<String, ItemWithBody> {
        rows.into_iter()
            .map(|row| (row.item.slug.clone(), row))
            .collect()
    };
    let read = |which| store.items_with_bodies(ContentKind::Disclosure, LANGUAGE, which, MAX_ITEMS);
    let live = by_slug(read(store::Version::Live).await?);
    let newest = match version {
        Version::Newest => by_slug(read(store::Version::Head).await?),
        Version::Live => HashMap::new(),
    };
    let whole = |schema: &ItemSchema, row: Option<&ItemWithBody>| {
        row.and_then(|row| fields::from_body(&row.body))
            .filter(|kept| fields::parse(schema, kept).is_ok())
    };
    Ok(all_items()
        .map(|schema| {
            let live = live.get(schema.slug);
            // A draft newer than what visitors see, filled in, is what an editor previews.
            let draft = newest
                .get(schema.slug)
                .filter(|row| Some(row.item.head) != row.item.live)
                .and_then(|row| whole(schema, Some(row)));
            let row = live
                .or_else(|| newest.get(schema.slug))
                .map(|row| &row.item);
            Entry {
                schema,
                draft: draft.is_some(),
                fields: draft.or_else(|| whole(schema, live)),
                live_since: row.and_then(|row| row.live_since),
                reviewed_at: row.and_then(|row| row.reviewed_at),
            }
        })
        .collect())
}

/// The item `schema` at `version`.
pub async fn entry(
    store: &SharedStore,
    schema: &'static ItemSchema,
    version: Version,
) -> Result<Entry, StoreError> {
    let row = items::find(store, ContentKind::Disclosure, schema.slug).await?;
    let newest = match (&row, version) {
        (Some(row), Version::Newest) if Some(row.head) != row.live => {
            whole_fields(store, schema, row, row.head).await?
        }
        _ => None,
    };
    let draft = newest.is_some();
    let fields = match (newest, &row) {
        (Some(newest), _) => Some(newest),
        // A draft not filled in yet is previewed as what visitors see.
        (
            None,
            Some(
                row @ ItemRow {
                    live: Some(live), ..
                },
            ),
        ) => whole_fields(store, schema, row, *live).await?,
        (None, _) => None,
    };
    Ok(Entry {
        schema,
        fields,
        live_since: row.as_ref().and_then(|row| row.live_since),
        reviewed_at: row.and_then(|row| row.reviewed_at),
        draft,
    })
}

/// What the published item `slug` says in its field `key` (none: not published, or empty):
/// the university's ombudsperson, for a student deciding whether to appeal.
pub async fn live_text(
    store: &SharedStore,
    slug: &str,
    key: &str,
) -> Result<Option<String>, StoreError> {
    let Some(schema) = super::items::item_schema(slug) else {
        return Ok(None);
    };
    let Some(row) = items::find(store, ContentKind::Disclosure, slug).await? else {
        return Ok(None);
    };
    let Some(live) = row.live else {
        return Ok(None);
    };
    Ok(whole_fields(store, schema, &row, live)
        .await?
        .and_then(|fields| fields.get(key)?.as_str().map(str::to_owned))
        .filter(|text| !text.trim().is_empty()))
}

/// The fields of revision `number` of `row`, when every one is filled in as the item's schema
/// asks (the empty draft a fresh installation starts with is not).
async fn whole_fields(
    store: &SharedStore,
    schema: &ItemSchema,
    row: &ItemRow,
    number: i64,
) -> Result<Option<Fields>, StoreError> {
    Ok(fields_of(store, row.id, number)
        .await?
        .filter(|kept| fields::parse(schema, kept).is_ok()))
}
