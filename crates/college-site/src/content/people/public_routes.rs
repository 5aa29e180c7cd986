//! The directory as visitors read it: `/people` (everyone current, by department; `?q=` and
//! `?department=` narrow it, from a plain GET form) and `/people/<slug>`, each rendered once per
//! change and kept like the courses' pages ([`crate::content::render::page_cache`]). A search
//! by words is rendered for its visitor and never kept: anyone could fill the memory with
//! made-up words. `?preview` shows an editor the record's newest revision, never cached or
//! indexed. A person unpublished, or gone from the college, gets the 404 page.

use axum::{
    Router,
    extract::{Path, RawQuery, State},
    http::{HeaderMap, StatusCode, Uri},
    response::Response,
    routing::get,
};

use super::html::{self, DESCRIPTION, Filter, MAX_SEARCH_CHARS, PEOPLE_PATH, Photos, person_path};
use super::person::{Person, today};
use super::{leadership, profile, service};
use crate::content::disclosure::committees::seats_of;
use crate::content::publishing::preview::editors_only;
use crate::content::publishing::rules::{is_slug, slug_from};
use crate::content::render::blocking::{self, off_the_request_thread};
use crate::content::render::images::image_set;
use crate::content::render::page_cache::{RenderedPage, answer};
use crate::content::render::template::{self, college_name};
use crate::http::state::AppState;
use crate::store::{SharedStore, StoreError};
use crate::web::assets;
use crate::web::html::{Html, html};

const HTML: &str = "text/html; charset=utf-8";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(PEOPLE_PATH, get(directory))
        .route("/people/", get(directory))
        .route("/people/{slug}", get(person))
}

/// The filter a query asks for: its words trimmed, bounded and rid of control characters, and
/// the department as an address could name it.
fn filter_of(query: Option<&str>) -> Filter {
    let mut filter = Filter::default();
    for (key, value) in url::form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
        match key.as_ref() {
            "q" => {
                filter.words = value
                    .chars()
                    .map(|c| {
                        if c.is_control() || crate::text::is_bidi_control(c) {
                            ' '
                        } else {
                            c
                        }
                    })
                    .collect::<String>()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .chars()
                    .take(MAX_SEARCH_CHARS)
                    .collect();
            }
            "department" => filter.department = slug_from(&value, ""),
            _ => {}
        }
    }
    filter
}

/// The photos of `people`, looked up once for the page.
async fn photos_of(store: &SharedStore, people: &[&Person]) -> Result<Photos, StoreError> {
    let mut photos = Photos::new();
    for person in people {
        let path = person.text("photo");
        if path.is_empty() || photos.contains_key(path) {
            continue;
        }
        if let Some(set) = image_set(store, path).await? {
            photos.insert(path.to_owned(), set);
        }
    }
    Ok(photos)
}

async fn directory_page(state: &AppState, filter: Filter) -> Result<RenderedPage, StoreError> {
    let people = service::live_people(&state.store).await?;
    let day = today();
    // Only the photos the page shows are looked up: a search for one name asks for one.
    let shown: Vec<&Person> = people
        .iter()
        .filter(|person| filter.shows(person, day))
        .collect();
    let photos = photos_of(&state.store, &shown).await?;
    let html = off_the_request_thread(move || {
        let groups = html::departments(&people, day);
        let leaders = leadership::leadership(&people, day, &photos);
        let main = html::directory(&groups, &leaders, &filter, &photos);
        let title = if filter.words.is_empty() {
            "Faculty and staff".to_owned()
        } else {
            format!("“{}”: faculty and staff", filter.words)
        };
        template::page(&title, DESCRIPTION, &main)
    })
    .await
    .ok_or_else(blocking::failed)?;
    Ok(RenderedPage::new(StatusCode::OK, HTML, html))
}

async fn directory(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let filter = filter_of(query.as_deref());
    if !filter.words.is_empty() {
        let page = directory_page(&state, filter)
            .await
            .map(|page| Some(std::sync::Arc::new(page)));
        return answer(page, &headers, "people");
    }
    // The whole list and each department's are few: they are kept.
    let key = if filter.department.is_empty() {
        PEOPLE_PATH.to_owned()
    } else {
        format!("{PEOPLE_PATH}?department={}", filter.department)
    };
    let rendered = state
        .rendered_pages
        .get_or_render(&state.store, &key, || async {
            directory_page(&state, filter).await.map(Some)
        })
        .await;
    answer(rendered, &headers, "people")
}

async fn person(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    if !is_slug(&slug) {
        return assets::not_found(&headers);
    }
    if query.as_deref() == Some("preview") {
        let here = uri
            .path_and_query()
            .map_or(uri.path(), |here| here.as_str());
        return editors_only(&state, &headers, here, || preview(&state, &slug)).await;
    }
    let rendered = state
        .rendered_pages
        .get_or_render(&state.store, &person_path(&slug), || async {
            let Some((_, person)) = service::person_at(&state.store, &slug, |row| row.live).await?
            else {
                return Ok(None);
            };
            if !person.is_current(today()) {
                return Ok(None);
            }
            let page = profile_page(&state, person, Html::new()).await?;
            Ok(Some(RenderedPage::new(StatusCode::OK, HTML, page)))
        })
        .await;
    answer(rendered, &headers, "people")
}

/// The whole profile page, `note` (a preview's) first; rendered off the request thread.
async fn profile_page(state: &AppState, person: Person, note: Html) -> Result<String, StoreError> {
    let photos = photos_of(&state.store, &[&person]).await?;
    let seats = seats_of(&state.store, &person.slug).await?;
    let origin = state.site_origin.clone().unwrap_or_default();
    off_the_request_thread(move || {
        let day = today();
        let college = college_name();
        template::page_with_head(
            person.name(),
            &profile::description(&person, day, &college),
            &profile::head(&person, &photos, day, &college, &origin),
            &profile::page(&person, &photos, &seats, day, &note),
        )
    })
    .await
    .ok_or_else(blocking::failed)
}

async fn preview(state: &AppState, slug: &str) -> Result<Option<String>, StoreError> {
    let Some((head, person)) = service::person_at(&state.store, slug, |row| Some(row.head)).await?
    else {
        return Ok(None);
    };
    let note = html!(
        r#"<p class="container page-preview" role="note"><strong>Preview of revision {head}.</strong> This is how the profile will look once published; only editors can open it. <a href="/staff/directory/{slug}">Back to editing</a></p>"#,
        head = head,
        slug = slug,
    );
    profile_page(state, person, note).await.map(Some)
}
