//! The site's pages as visitors get them: Home (with the latest notices), About and Contact,
//! each the build's page with the office's published text, rendered once per change and kept
//! like the notices' pages ([`crate::content::render::page_cache`]). `?preview` shows an editor the newest
//! revision instead, never cached or indexed. Should the store be out of reach, each page is
//! served as built.

use axum::{
    Router,
    extract::{RawQuery, State},
    http::{HeaderMap, HeaderValue, StatusCode, Uri, header},
    response::{self, IntoResponse, Redirect, Response},
    routing::get,
};

use super::built_page::{self, HomeParts};
use super::fields::{self, FOOTER};
use super::service as pages;
use super::site_wide::{self, FooterFilled};
use crate::content::courses::{html as course_html, service as courses};
use crate::content::items::fields::{Fields, ItemSchema};
use crate::content::notices::html;
use crate::content::publishing::preview::{Viewer, viewer};
use crate::content::publishing::rules::LANGUAGE;
use crate::content::render::page_cache::RenderedPage;
use crate::content::render::template;
use crate::{
    accounts::session::signed_in_page::login_path,
    error_chain::Chain,
    http::state::AppState,
    store::{StoreError, now_millis},
    web::{assets, html::Html},
};

const HTML: &str = "text/html; charset=utf-8";
/// Notices on Home: the latest few, pinned first.
const LATEST_ON_HOME: i64 = 3;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(home))
        .route("/about", get(about))
        .route("/about/", get(about))
        .route("/contact", get(contact))
        .route("/contact/", get(contact))
}

fn schema(slug: &str) -> &'static ItemSchema {
    fields::page(slug).expect("the site's pages are in PAGES")
}

async fn home(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    serve(&state, schema("home"), query.as_deref(), &headers, &uri).await
}

async fn about(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    serve(&state, schema("about"), query.as_deref(), &headers, &uri).await
}

async fn contact(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    serve(&state, schema("contact"), query.as_deref(), &headers, &uri).await
}

async fn serve(
    state: &AppState,
    page: &'static ItemSchema,
    query: Option<&str>,
    headers: &HeaderMap,
    uri: &Uri,
) -> Response {
    match query {
        Some("preview") => return preview(state, page, Previewed::Page, headers, uri).await,
        Some("preview=footer") => {
            return preview(state, page, Previewed::Footer, headers, uri).await;
        }
        _ => {}
    }
    let rendered = state
        .rendered_pages
        .get_or_render(&state.store, page.path, || async {
            let html = render(state, page).await?;
            Ok(html.map(|html| RenderedPage::new(StatusCode::OK, HTML, html)))
        })
        .await;
    match rendered {
        Ok(Some(rendered)) => rendered.respond(headers),
        Ok(None) => assets::respond(page.path, headers),
        Err(error) => {
            tracing::warn!(page = page.slug, error = %Chain(&error), "the page is served as built");
            assets::respond(page.path, headers)
        }
    }
}

/// The page with its published text (Home with its latest notices too); none when the web app
/// was not built or the page was never published, to be served as built.
async fn render(state: &AppState, page: &'static ItemSchema) -> Result<Option<String>, StoreError> {
    let fields = pages::live_fields(&state.store, page).await?;
    page_html(state, page, fields.as_ref(), &Html::new()).await
}

/// The page with `fields` (none: as built) and `note` first in its body, Home with its latest
/// notices too; none when the web app was not built, or a page other than Home has no fields.
async fn page_html(
    state: &AppState,
    page: &'static ItemSchema,
    fields: Option<&Fields>,
    note: &Html,
) -> Result<Option<String>, StoreError> {
    if page.slug == "home" {
        let (notices, _) = state
            .store
            .published_notices(LANGUAGE, None, now_millis(), 0, LATEST_ON_HOME)
            .await?;
        let courses = courses::live_courses(&state.store).await?;
        let parts = HomeParts {
            latest: &html::latest(&notices),
            course_cards: &course_html::cards(&courses),
        };
        let html = built_page::home(&parts, page, fields);
        return Ok(html.map(|html| template::with_note(html, note)));
    }
    Ok(fields.and_then(|fields| built_page::site_page(page, fields, note)))
}

/// What an editor previews: the page's newest revision, or the footer's (on a published page).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Previewed {
    Page,
    Footer,
}

/// The page with its newest revision (or the footer's), to editors only: a signed-out visitor
/// is asked to sign in, anyone else gets the 404 page.
async fn preview(
    state: &AppState,
    page: &'static ItemSchema,
    previewed_part: Previewed,
    headers: &HeaderMap,
    uri: &Uri,
) -> Response {
    let here = uri.path_and_query().map_or(page.path, |here| here.as_str());
    let mut response = match viewer(state, headers).await {
        Ok(Viewer::SignedOut) => Redirect::to(&login_path(here)).into_response(),
        Ok(Viewer::NotAnEditor) => assets::not_found(headers),
        Ok(Viewer::Editor) => match previewed(state, page, previewed_part).await {
            Ok(Some(html)) => response::Html(html).into_response(),
            Ok(None) => assets::not_found(headers),
            Err(error) => {
                tracing::error!(error = %Chain(&error), "cannot show a page's preview");
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    [("retry-after", "5")],
                    "The preview cannot be shown just now. Please try again in a moment.",
                )
                    .into_response()
            }
        },
        Err(error) => {
            tracing::error!(error, "cannot show a page's preview");
            (StatusCode::SERVICE_UNAVAILABLE, [("retry-after", "5")]).into_response()
        }
    };
    if previewed_part == Previewed::Footer {
        response.extensions_mut().insert(FooterFilled);
    }
    let answer = response.headers_mut();
    answer.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    answer.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    answer.append(header::VARY, HeaderValue::from_static("Cookie"));
    response
}

async fn previewed(
    state: &AppState,
    page: &'static ItemSchema,
    previewed_part: Previewed,
) -> Result<Option<String>, StoreError> {
    if previewed_part == Previewed::Footer {
        let Some((head, footer)) = pages::head_fields(&state.store, &FOOTER).await? else {
            return Ok(None);
        };
        let fields = pages::live_fields(&state.store, page).await?;
        let note = preview_note(head, "the footer", FOOTER.slug);
        let html = page_html(state, page, fields.as_ref(), &note).await?;
        return Ok(html.map(|html| site_wide::with_footer(&html, &footer)));
    }
    let Some((head, fields)) = pages::head_fields(&state.store, page).await? else {
        return Ok(None);
    };
    let note = preview_note(head, "the page", page.slug);
    page_html(state, page, Some(&fields), &note).await
}

/// What a preview says first: which revision of what it shows, and the way back.
fn preview_note(head: i64, what: &str, slug: &str) -> Html {
    crate::web::html::html!(
        r#"<p class="container page-preview" role="note"><strong>Preview of revision {head}.</strong> This is how {what} will look once published; only editors can open it. <a href="/staff/pages/{slug}">Back to editing</a></p>"#,
        head = head,
        what = what,
        slug = slug,
    )
}
