//! The notices visitors read: `/notices` (newest first, pinned on top, by category, with an
//! archive of the expired ones at `/notices?archive`, a page of
//! [`PAGE_SIZE`] at a time), each notice at `/notices/<slug>`, and the feed at
//! `/notices/feed.xml`. Each is rendered once and kept ([`crate::content::render::page_cache`])
//! until what visitors see changes. An address that names nothing gets the site's 404 page.

use axum::{
    Router,
    extract::{Path, RawQuery, State},
    http::{HeaderMap, StatusCode},
    response::Response,
    routing::get,
};

use crate::content::notices::domain::{CATEGORIES, MAX_NOTICES, PAGE_SIZE};
use crate::content::notices::feed::{FEED_SIZE, atom};
use crate::content::notices::html::{self, ListPage, Shelf, list_path, notice_path};
use crate::content::publishing::rules::{LANGUAGE, is_slug};
use crate::content::render::page_cache::{RenderedPage, answer};
use crate::content::render::{images, template};
use crate::{http::state::AppState, store::now_millis, web::assets};

const HTML: &str = "text/html; charset=utf-8";
const ATOM: &str = "application/atom+xml; charset=utf-8";
/// The furthest page of the list there can be.
const LAST_POSSIBLE_PAGE: i64 = MAX_NOTICES / PAGE_SIZE + 1;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/notices", get(list))
        .route("/notices/", get(list))
        .route("/notices/feed.xml", get(feed))
        .route("/notices/{slug}", get(notice))
}

/// The shelf and page a list's query asks for (`category=exams`, `archive`, `page=2`); none
/// when it names a category or a page there cannot be, or both a category and the archive.
/// Other parameters (a campaign's tags, say) are ignored.
fn list_query(query: Option<&str>) -> Option<(Shelf, i64)> {
    let mut category = None;
    let mut archive = false;
    let mut page = 1;
    for (key, value) in url::form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
        match key.as_ref() {
            "category" => {
                let (name, _) = CATEGORIES.iter().find(|(name, _)| *name == value)?;
                category = Some(*name);
            }
            "archive" => archive = true,
            "page" => {
                page = value
                    .parse()
                    .ok()
                    .filter(|page| (1..=LAST_POSSIBLE_PAGE).contains(page))?;
            }
            _ => {}
        }
    }
    match (archive, category) {
        (false, category) => Some((Shelf::Current(category), page)),
        (true, None) => Some((Shelf::Archive, page)),
        (true, Some(_)) => None,
    }
}

async fn list(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let Some((shelf, page)) = list_query(query.as_deref()) else {
        return assets::not_found(&headers);
    };
    let rendered = state
        .rendered_pages
        .get_or_render(&state.store, &list_path(shelf, page), || async {
            let offset = (page - 1) * PAGE_SIZE;
            let (notices, total) = match shelf {
                Shelf::Current(category) => {
                    state
                        .store
                        .published_notices(LANGUAGE, category, now_millis(), offset, PAGE_SIZE)
                        .await?
                }
                Shelf::Archive => {
                    state
                        .store
                        .expired_notices(LANGUAGE, now_millis(), offset, PAGE_SIZE)
                        .await?
                }
            };
            let pages = (total + PAGE_SIZE - 1) / PAGE_SIZE;
            if page > pages.max(1) {
                return Ok(None);
            }
            let list = ListPage { notices: &notices, total, page, pages, shelf };
            let title = html::list_title(shelf);
            let html = template::page(
                &title,
                "Notices from the college office: exam timetables, admissions, events and holidays.",
                &html::list(&list),
            );
            Ok(Some(RenderedPage::new(StatusCode::OK, HTML, html)))
        })
        .await;
    answer(rendered, &headers, "notices")
}

async fn notice(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    headers: HeaderMap,
) -> Response {
    if !is_slug(&slug) {
        return assets::not_found(&headers);
    }
    let rendered = state
        .rendered_pages
        .get_or_render(&state.store, &notice_path(&slug), || async {
            let Some(notice) = state.store.published_notice(LANGUAGE, &slug).await? else {
                return Ok(None);
            };
            let body = images::body_html(&state.store, &notice.body).await?;
            let html = template::page(
                &notice.title,
                &html::notice_description(&notice),
                &html::notice(&notice, &body, now_millis()),
            );
            Ok(Some(RenderedPage::new(StatusCode::OK, HTML, html)))
        })
        .await;
    answer(rendered, &headers, "notices")
}

async fn feed(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let rendered = state
        .rendered_pages
        .get_or_render(&state.store, "/notices/feed.xml", || async {
            let now = now_millis();
            let (notices, _) = state
                .store
                .published_notices(LANGUAGE, None, now, 0, FEED_SIZE)
                .await?;
            let origin = state.site_origin.as_deref().unwrap_or_default();
            Ok(Some(RenderedPage::new(
                StatusCode::OK,
                ATOM,
                atom(&notices, origin, now),
            )))
        })
        .await;
    answer(rendered, &headers, "notices")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_query_names_a_shelf_and_a_page_there_can_be() {
        assert_eq!(list_query(None), Some((Shelf::Current(None), 1)));
        assert_eq!(
            list_query(Some("category=exams&page=2")),
            Some((Shelf::Current(Some("exams")), 2))
        );
        assert_eq!(
            list_query(Some("archive&page=3")),
            Some((Shelf::Archive, 3))
        );
        assert_eq!(
            list_query(Some("utm_source=mail")),
            Some((Shelf::Current(None), 1))
        );
        assert_eq!(list_query(Some("archive&category=exams")), None);
        assert_eq!(list_query(Some("category=nonsense")), None);
        assert_eq!(list_query(Some("page=0")), None);
        assert_eq!(list_query(Some("page=-1")), None);
        assert_eq!(list_query(Some("page=abc")), None);
        assert_eq!(list_query(Some("page=99999999999999999999")), None);
        assert_eq!(
            list_query(Some(&format!("page={}", LAST_POSSIBLE_PAGE + 1))),
            None
        );
    }
}
