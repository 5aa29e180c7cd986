//! `/disclosure` and each item's own page (`/disclosure/<slug>`), rendered once per change and
//! kept like the courses' pages ([`crate::content::render::page_cache`]); `?preview` shows an
//! editor every item's newest version, never cached or indexed.

use axum::{
    Router,
    extract::{Path, RawQuery, State},
    http::{HeaderMap, StatusCode},
    response::Response,
    routing::get,
};

use super::committees::Roster;
use super::html::{self, Beside};
use super::items::{DISCLOSURE_PATH, item_path, item_schema};
use super::service::{self, Version};
use crate::content::courses::service::live_courses;
use crate::content::items::fields::ItemSchema;
use crate::content::publishing::preview::editors_only;
use crate::content::render::blocking::{self, off_the_request_thread};
use crate::content::render::images::image_set;
use crate::content::render::markdown::ImageSet;
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
        .route("/disclosure/{slug}", get(one_item))
}

async fn one_item(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let Some(schema) = item_schema(&slug) else {
        return crate::web::assets::not_found(&headers);
    };
    let path = item_path(schema.slug);
    if query.as_deref() == Some("preview") {
        let here = format!("{path}?preview");
        return editors_only(&state, &headers, &here, || async {
            let note = preview_note();
            item_page(&state, schema, Version::Newest, note)
                .await
                .map(Some)
        })
        .await;
    }
    let rendered = state
        .rendered_pages
        .get_or_render(&state.store, &path, || async {
            let html = item_page(&state, schema, Version::Live, Html::new()).await?;
            Ok(Some(RenderedPage::new(StatusCode::OK, HTML, html)))
        })
        .await;
    answer(rendered, &headers, "disclosure")
}

async fn item_page(
    state: &AppState,
    schema: &'static ItemSchema,
    version: Version,
    note: Html,
) -> Result<String, StoreError> {
    let entry = service::entry(&state.store, schema, version).await?;
    drawn(state, vec![entry], (2, note), move |entries, beside| {
        let title = format!("{}: mandatory disclosure", schema.name);
        (title, html::item_page(&entries[0], beside))
    })
    .await
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
    drawn(state, entries, (4, note), |entries, beside| {
        (
            "Mandatory disclosure".to_owned(),
            html::page(entries, beside),
        )
    })
    .await
}

/// A page of `entries` as `draw` lays them out (its title and main part), with what every
/// page of the disclosure draws beside its items; the grievances' table under a heading of
/// `level`, and `note` (an editor's preview) first.
async fn drawn(
    state: &AppState,
    entries: Vec<service::Entry>,
    (level, note): (u8, Html),
    draw: impl FnOnce(&[service::Entry], &Beside<'_>) -> (String, Html) + Send + 'static,
) -> Result<String, StoreError> {
    let courses = live_courses(&state.store).await?;
    let roster = Roster::read(&state.store).await?;
    let tally = state.store.grievance_tally().await?;
    let map = location_map(state, &entries).await?;
    off_the_request_thread(move || {
        let grievances = statistics::table(&statistics::tally(&tally), level);
        let beside = Beside {
            courses: &courses,
            roster: &roster,
            grievances: &grievances,
            map: map.as_ref(),
        };
        let (title, main) = draw(&entries, &beside);
        template::page(&title, html::DESCRIPTION, &html!("{}{}", note, main))
    })
    .await
    .ok_or_else(blocking::failed)
}

/// The copies of the location's map image, when `entries` show the location with one.
async fn location_map(
    state: &AppState,
    entries: &[service::Entry],
) -> Result<Option<ImageSet>, StoreError> {
    let path = entries
        .iter()
        .filter(|entry| entry.schema.slug == "location")
        .find_map(|entry| {
            entry
                .fields
                .as_ref()?
                .get("map")?
                .as_str()
                .map(str::to_owned)
        })
        .filter(|path| !path.is_empty());
    match path {
        Some(path) => image_set(&state.store, &path).await,
        None => Ok(None),
    }
}

fn preview_note() -> Html {
    html!(
        r#"<p class="container page-preview" role="note"><strong>Preview of the newest versions.</strong> This is how the disclosure will look once every item is published; only editors can open it. <a href="/staff/disclosure">Back to the checklist</a></p>"#
    )
}

async fn preview(state: &AppState) -> Result<Option<String>, StoreError> {
    whole_page(state, Version::Newest, preview_note())
        .await
        .map(Some)
}
