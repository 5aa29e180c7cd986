//! The disclosure over the store: each item is a page of the site kept under `disclosure/`
//! (`disclosure/iqac`), whose revisions keep its fields as the pages' do. A fresh installation
//! makes each item as an empty draft, never published: the staff area's checklist flags it,
//! and the page says plainly that it is not published yet.

use super::items::DISCLOSURE;
use crate::content::fielded::{self, fields_of};
use crate::{
    content::{
        domain::LANGUAGE,
        fields::{self, Fields, PageSchema},
    },
    store::{ContentKind, ItemRow, SharedStore, StoreError},
};

/// An item is kept under this, beside the site's pages and the courses.
pub const DISCLOSURE_PREFIX: &str = "disclosure/";

/// Makes each item the store lacks, as an empty draft. Every instance runs it at start-up.
pub async fn seed(store: &SharedStore) {
    for item in &DISCLOSURE {
        let empty: Fields = item
            .fields
            .iter()
            .map(|field| (field.key.to_owned(), String::new().into()))
            .collect();
        let slug = format!("{DISCLOSURE_PREFIX}{}", item.slug);
        fielded::seed(store, &slug, item.name.to_owned(), &empty, false).await;
    }
}

/// Which version of each item to show: what visitors see, or the newest (an editor's preview).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    Live,
    Newest,
}

/// An item as the page shows it: its fields when it has a version to show that is filled in
/// (none: "not published yet"), and since when visitors see it.
#[derive(Debug)]
pub struct Entry {
    pub schema: &'static PageSchema,
    pub fields: Option<Fields>,
    pub live_since: Option<i64>,
}

/// Every item, in the page's order, at `version`.
pub async fn entries(store: &SharedStore, version: Version) -> Result<Vec<Entry>, StoreError> {
    let mut entries = Vec::with_capacity(DISCLOSURE.len());
    for schema in &DISCLOSURE {
        let row = row(store, schema.slug).await?;
        let number = row.as_ref().and_then(|row| match version {
            Version::Live => row.live,
            Version::Newest => Some(row.head),
        });
        let fields = match (&row, number) {
            (Some(row), Some(number)) => fields_of(store, row.id, number)
                .await?
                // Only a version with every field filled in is shown (a draft may not be).
                .filter(|kept| fields::parse(schema, kept).is_ok()),
            _ => None,
        };
        entries.push(Entry {
            schema,
            fields,
            live_since: row.and_then(|row| row.live_since),
        });
    }
    Ok(entries)
}

/// The item `slug` as the store keeps it.
async fn row(store: &SharedStore, slug: &str) -> Result<Option<ItemRow>, StoreError> {
    let slug = format!("{DISCLOSURE_PREFIX}{slug}");
    store.item_by_slug(ContentKind::Page, LANGUAGE, &slug).await
}
