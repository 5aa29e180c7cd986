//! `/api/content/disclosure`: the disclosure's checklist, every item in the page's order with
//! where it stands (an item never published has no live version); each item's own routes are
//! the fielded items' ([`crate::content::items::routes`]), by slug (`iqac`). An item is never
//! taken down: the regulator asks for all of them.

use axum::{Router, extract::State, response::Response, routing::get};

use super::items::{all_items, item_path, item_schema};
use crate::content::error::ContentError;
use crate::content::items::fields::ItemSchema;
use crate::content::items::routes as item_routes;
use crate::content::items::service::{self as items, ItemKind};
use crate::{
    http::{error::ApiError, state::AppState},
    roles::guard::Editor,
    staff::limit::within_staff_limit,
    store::ContentKind,
};

/// The disclosure's items, edited as fields.
pub struct Disclosure;

impl ItemKind for Disclosure {
    const KIND: ContentKind = ContentKind::Disclosure;
    const UNKNOWN: fn() -> ContentError = || ContentError::UnknownDisclosure;

    fn schema(slug: &str) -> Option<&'static ItemSchema> {
        item_schema(slug)
    }

    fn path(schema: &'static ItemSchema, _: &str) -> String {
        item_path(schema.slug)
    }
}

pub const DISCLOSURE_API: &str = "/api/content/disclosure";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(DISCLOSURE_API, get(list))
        .merge(item_routes::routes::<Disclosure>(DISCLOSURE_API, false))
}

async fn list(State(state): State<AppState>, editor: Editor) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let slugs: Vec<&str> = all_items().map(|item| item.slug).collect();
    let items = items::items_named::<Disclosure>(&state.store, &slugs)
        .await
        .map_err(ContentError::from)?;
    Ok(item_routes::list_answer::<Disclosure>("items", items))
}
