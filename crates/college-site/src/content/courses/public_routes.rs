//! The courses as visitors read them: `/courses` (every course shown, as cards) and
//! `/courses/<slug>`, each rendered once per change and kept like the notices' pages
//! ([`crate::content::render::page_cache`]). `?preview` shows an editor the course's newest revision,
//! never cached or indexed. A hidden course, like an address that names none, gets the 404 page.

use axum::{
    Router,
    extract::{Path, RawQuery, State},
    http::{HeaderMap, StatusCode, Uri},
    response::Response,
    routing::get,
};

use super::{enquiry_form::EnquiryValues, html, page, service};
use crate::content::publishing::preview::editors_only;
use crate::content::publishing::rules::is_slug;
use crate::content::render::blocking::{self, off_the_request_thread};
use crate::content::render::page_cache::{RenderedPage, answer};
use crate::content::render::template;
use crate::http::state::AppState;
use crate::store::StoreError;
use crate::web::assets;
use crate::web::html::Html;

const HTML: &str = "text/html; charset=utf-8";
pub const COURSES_PATH: &str = "/courses";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(COURSES_PATH, get(list))
        .route("/courses/", get(list))
        .route("/courses/{slug}", get(course))
}

async fn list(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let rendered = state
        .rendered_pages
        .get_or_render(&state.store, COURSES_PATH, || async {
            let courses = service::live_courses(&state.store).await?;
            let html = template::page(
                "Courses",
                "The college's degrees in commerce, business administration and computer applications: fees, seats, dates and how to apply.",
                &html::list(&courses),
            );
            Ok(Some(RenderedPage::new(StatusCode::OK, HTML, html)))
        })
        .await;
    answer(rendered, &headers, "courses")
}

async fn course(
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
        .get_or_render(&state.store, &html::course_path(&slug), || async {
            let Some(course) = service::live_course(&state.store, &slug).await? else {
                return Ok(None);
            };
            let page = course_page(&state, course, Html::new()).await?;
            Ok(Some(RenderedPage::new(StatusCode::OK, HTML, page)))
        })
        .await;
    answer(rendered, &headers, "courses")
}

/// The whole page of `course`, with `note` (a preview's) first in its main part and its
/// enquiry form empty; rendered off the request thread.
async fn course_page(
    state: &AppState,
    course: service::LiveCourse,
    note: Html,
) -> Result<String, StoreError> {
    let origin = state.site_origin.clone();
    off_the_request_thread(move || {
        page::whole_page(
            &course,
            origin.as_deref(),
            &note,
            &EnquiryValues::default(),
            &[],
        )
    })
    .await
    .ok_or_else(blocking::failed)
}

async fn preview(state: &AppState, slug: &str) -> Result<Option<String>, StoreError> {
    let Some((head, course)) = service::head_fields(&state.store, slug).await? else {
        return Ok(None);
    };
    let note = crate::web::html::html!(
        r#"<p class="container page-preview" role="note"><strong>Preview of revision {head}.</strong> This is how the course will look once published; only editors can open it. <a href="/staff/courses/{slug}">Back to editing</a></p>"#,
        head = head,
        slug = slug,
    );
    course_page(state, course, note).await.map(Some)
}
