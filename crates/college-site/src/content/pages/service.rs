//! The pages over the store: their first revision from the build's text, the fields of a
//! revision, what visitors see now, and an editor's save.

use super::{
    fields::{self, EDITABLE, Fields, PageSchema},
    text,
};
use crate::{
    content::{domain::LANGUAGE, error::ContentError, service},
    error_chain::Chain,
    roles::actor::StaffActor,
    store::{
        Author, ContentKind, ItemRow, NewItem, RevisionText, SharedStore, StoreError, now_millis,
    },
};

/// Who wrote revision 1 of every page, as the history shows it.
const STARTING_AUTHOR_EMAIL: &str = "college-site";
const STARTING_AUTHOR_NAME: &str = "The site as installed";

/// The category every page's revisions carry (a notice's field that pages do not use).
const PAGE_CATEGORY: &str = "page";

fn revision_text(page: &PageSchema, fields: &Fields) -> RevisionText {
    RevisionText {
        title: page.name.to_owned(),
        category: PAGE_CATEGORY.to_owned(),
        pinned: false,
        body: serde_json::Value::Object(fields.clone()).to_string(),
    }
}

/// Makes each page that the store lacks, published, from the build's text. Every instance
/// runs it at start-up; the store makes each page once.
pub async fn seed(store: &SharedStore) {
    let author = Author {
        email: STARTING_AUTHOR_EMAIL.to_owned(),
        name: Some(STARTING_AUTHOR_NAME.to_owned()),
    };
    for page in EDITABLE {
        let Some(fields) = fields::starting_fields(page) else {
            // A server built without the web app: its pages are served as they are.
            continue;
        };
        let text = revision_text(page, &fields);
        let item = NewItem {
            kind: ContentKind::Page,
            language: LANGUAGE,
            slug: page.slug,
            text: &text,
            author: &author,
            now: now_millis(),
        };
        if let Err(error) = store.seed_item(&item).await {
            tracing::warn!(page = page.slug, error = %Chain(&error), "cannot make the page's first revision");
        }
    }
}

/// The page's item, as the staff area shows it.
pub async fn item(store: &SharedStore, page: &PageSchema) -> Result<ItemRow, ContentError> {
    store
        .item_by_slug(ContentKind::Page, LANGUAGE, page.slug)
        .await?
        .ok_or(ContentError::UnknownPage)
}

/// The fields of revision `number` of the page's item.
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

/// What visitors see of the page now: its live revision's fields, or none (the page as built).
pub async fn live_fields(
    store: &SharedStore,
    page: &PageSchema,
) -> Result<Option<Fields>, StoreError> {
    let Some(item) = store
        .item_by_slug(ContentKind::Page, LANGUAGE, page.slug)
        .await?
    else {
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
    page: &'static PageSchema,
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
    page: &PageSchema,
) -> Result<Option<(i64, Fields)>, StoreError> {
    let Some(item) = store
        .item_by_slug(ContentKind::Page, LANGUAGE, page.slug)
        .await?
    else {
        return Ok(None);
    };
    Ok(fields_of(store, item.id, item.head)
        .await?
        .map(|fields| (item.head, fields)))
}

/// Saves the editor's fields as a new draft revision on top of `base`.
pub async fn save(
    store: &SharedStore,
    actor: &StaffActor,
    page: &PageSchema,
    base: i64,
    input: &Fields,
) -> Result<ItemRow, ContentError> {
    let fields = fields::parse(page, input)?;
    let item = item(store, page).await?;
    let text = revision_text(page, &fields);
    service::save_text(store, actor, ContentKind::Page, item.id, base, &text, None).await
}
