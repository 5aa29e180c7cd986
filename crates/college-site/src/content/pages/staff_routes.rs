//! `/api/content/pages`: the site's pages as editors list them; each page's own routes are the
//! fielded items' ([`crate::content::items::routes`]), by slug (`about`).

use axum::{Router, extract::State, response::Response, routing::get};

use super::fields::{self, EDITABLE};
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

/// The site's pages (and the footer), edited as fields.
pub struct Pages;

impl ItemKind for Pages {
    const KIND: ContentKind = ContentKind::Page;
    const UNKNOWN: fn() -> ContentError = || ContentError::UnknownPage;

    fn schema(slug: &str) -> Option<&'static ItemSchema> {
        fields::page(slug)
    }

    fn path(schema: &'static ItemSchema, _: &str) -> String {
        schema.path.to_owned()
    }
}

const PAGES_API: &str = "/api/content/pages";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(PAGES_API, get(list))
        .merge(item_routes::routes::<Pages>(PAGES_API, false))
}

async fn list(State(state): State<AppState>, editor: Editor) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    // A page the store lacks (a server built without the web app) is not listed.
    let items = items::items_named::<Pages>(&state.store, &EDITABLE.map(|page| page.slug))
        .await
        .map_err(ContentError::from)?;
    Ok(item_routes::list_answer::<Pages>("pages", items))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::items::service::schema_of;

    #[test]
    fn every_page_is_named_by_its_slug_and_nothing_else_is() {
        for page in EDITABLE {
            assert_eq!(
                schema_of::<Pages>(page.slug).expect("known").path,
                page.path
            );
        }
        assert!(schema_of::<Pages>("../about").is_err());
        assert!(schema_of::<Pages>("About").is_err());
    }
}
