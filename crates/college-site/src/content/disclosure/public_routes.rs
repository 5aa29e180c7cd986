//! `/disclosure`, rendered once per change and kept like the courses' pages
//! ([`crate::content::render::page_cache`]); `?preview` shows an editor every item's newest version,
//! never cached or indexed.

use axum::{
    Router,
    extract::{RawQuery, State},
    http::{HeaderMap, StatusCode},
    response::Response,
    routing::get,
};

use super::committees::Roster;
use super::html;
use super::items::DISCLOSURE_PATH;
use super::service::{self, Version};
use crate::content::courses::service::live_courses;
use crate::content::publishing::preview::editors_only;
use crate::content::render::blocking::{self, off_the_request_thread};
use crate::content::render::page_cache::{RenderedPage, answer};
use crate::content::render::template;
use crate::grievances::statistics;
use crate::http::state::AppState;
use crate::store::StoreError;
use crate::web::html::{Html, html};

const HTML: &str = "text/html; charset=utf-8";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(DISCLOSURE_PATH, get(disclosure))
        .route("/disclosure/", get(disclosure))
}

async fn disclosure(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    if query.as_deref() == Some("preview") {
        let here = format!("{DISCLOSURE_PATH}?preview");
        return editors_only(&state, &headers, &here, || preview(&state)).await;
    }
    let rendered = state
        .rendered_pages
        .get_or_render(&state.store, DISCLOSURE_PATH, || async {
            let html = whole_page(&state, Version::Live, Html::new()).await?;
            Ok(Some(RenderedPage::new(StatusCode::OK, HTML, html)))
        })
        .await;
    answer(rendered, &headers, "disclosure")
}

async fn whole_page(state: &AppState, version: Version, note: Html) -> Result<String, StoreError> {
    let entries = service::entries(&state.store, version).await?;
    let courses = live_courses(&state.store).await?;
    let roster = Roster::read(&state.store).await?;
    let tally = state.store.grievance_tally().await?;
    off_the_request_thread(move || {
        let grievances = statistics::table(&statistics::tally(&tally));
        let main = html::page(&entries, &courses, &roster, &grievances);
        template::page(
            "Mandatory disclosure",
            html::DESCRIPTION,
            &html!("{}{}", note, main),
        )
    })
    .await
    .ok_or_else(blocking::failed)
}

async fn preview(state: &AppState) -> Result<Option<String>, StoreError> {
    let note = html!(
        r#"<p class="container page-preview" role="note"><strong>Preview of the newest versions.</strong> This is how the disclosure will look once every item is published; only editors can open it. <a href="/staff/disclosure">Back to the checklist</a></p>"#
    );
    whole_page(state, Version::Newest, note).await.map(Some)
}
