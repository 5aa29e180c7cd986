//! The pages over the store: their first revision from the build's text, the fields of a
//! revision, what visitors see now, and an editor's save.

use super::{
    fields::{self, EDITABLE},
    text,
};
use crate::content::items::fields::{Fields, ItemSchema};
use crate::content::items::service::{self as items, fields_of};
use crate::error_chain::Chain;
use crate::store::{ContentKind, SharedStore, StoreError};

/// Makes each page that the store lacks, published, from the build's text. Every instance
/// runs it at start-up; the store makes each page once.
pub async fn seed(store: &SharedStore) {
    for page in EDITABLE {
        let Some(fields) = fields::starting_fields(page) else {
            // A server built without the web app: its pages are served as they are.
            continue;
        };
        let name = page.name.to_owned();
        items::seed(store, ContentKind::Page, page.slug, name, &fields, true).await;
    }
}

/// What visitors see of the page now: its live revision's fields, or none (the page as built).
pub async fn live_fields(
    store: &SharedStore,
    page: &ItemSchema,
) -> Result<Option<Fields>, StoreError> {
    let Some(item) = items::find(store, ContentKind::Page, page.slug).await? else {
        return Ok(None);
    };
    match item.live {
        Some(live) => fields_of(store, item.id, live).await,
        None => Ok(None),
    }
}

/// A page's published text, for a page built elsewhere (the contact page shown again with a
/// visitor's problems).
pub struct LiveText {
    page: &'static ItemSchema,
    fields: Fields,
}

impl LiveText {
    /// `html` (the page as built) with the published text in its marked places.
    pub fn fill(&self, html: &str) -> String {
        text::fill(html, self.page, &self.fields)
    }

    /// The island's part that carries the same text: `("pages", {"contact": {…}})`.
    pub fn island_part(&self) -> (String, serde_json::Value) {
        text::island_part(self.page, &self.fields)
    }
}

/// The published text of the page `slug`; none when it is as built, or out of reach (the page
/// is then shown as built, which is never wrong, only older).
pub async fn live_text(store: &SharedStore, slug: &str) -> Option<LiveText> {
    let page = fields::page(slug)?;
    match live_fields(store, page).await {
        Ok(fields) => fields.map(|fields| LiveText { page, fields }),
        Err(error) => {
            tracing::warn!(page = slug, error = %Chain(&error), "the page is shown as built");
            None
        }
    }
}

/// What the editors' preview shows: the newest revision's number and fields.
pub async fn head_fields(
    store: &SharedStore,
    page: &ItemSchema,
) -> Result<Option<(i64, Fields)>, StoreError> {
    let Some(item) = items::find(store, ContentKind::Page, page.slug).await? else {
        return Ok(None);
    };
    Ok(fields_of(store, item.id, item.head)
        .await?
        .map(|fields| (item.head, fields)))
}
