//! `/sitemap.xml`, rendered once per change and kept like the pages it names, and
//! `/robots.txt`, which names it.

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
};

use super::sitemap::sitemap;
use crate::content::courses::service::live_courses;
use crate::content::disclosure::service::{Version, entries};
use crate::content::notices::domain::MAX_NOTICES;
use crate::content::people::person::today;
use crate::content::people::service::live_people;
use crate::content::publishing::rules::LANGUAGE;
use crate::content::render::page_cache::{RenderedPage, answer};
use crate::{http::state::AppState, store::now_millis, web::assets};

const XML: &str = "application/xml; charset=utf-8";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/sitemap.xml", get(site_map))
        .route("/robots.txt", get(robots))
}

async fn site_map(State(state): State<AppState>, headers: HeaderMap) -> Response {
    // A sitemap names whole addresses: without the site's own, there is none to give.
    let Some(origin) = state.site_origin.clone() else {
        return assets::not_found(&headers);
    };
    let rendered = state
        .rendered_pages
        .get_or_render(&state.store, "/sitemap.xml", || async {
            let (notices, _) = state
                .store
                .published_notices(LANGUAGE, None, now_millis(), 0, MAX_NOTICES)
                .await?;
            let courses = live_courses(&state.store).await?;
            let day = today();
            let mut people = live_people(&state.store).await?;
            people.retain(|person| person.is_current(day));
            let disclosure = entries(&state.store, Version::Live).await?;
            let xml = sitemap(
                &origin,
                &assets::sitemap_paths(),
                &courses,
                &people,
                &notices,
                &disclosure,
            );
            Ok(Some(RenderedPage::new(StatusCode::OK, XML, xml)))
        })
        .await;
    answer(rendered, &headers, "sitemap")
}

/// Where search engines are welcome, and where the sitemap is. The signed-in and staff pages
/// hold nothing to index (and answer with a sign-in form to a crawler).
async fn robots(State(state): State<AppState>) -> Response {
    let mut text = String::from(
        "User-agent: *\nDisallow: /api/\nDisallow: /account\nDisallow: /login\nDisallow: /staff\nDisallow: /teach\nDisallow: /join\nDisallow: /sandbox\n",
    );
    if let Some(origin) = state.site_origin.as_deref() {
        text.push_str(&format!("Sitemap: {origin}/sitemap.xml\n"));
    }
    (
        [
            ("content-type", "text/plain; charset=utf-8"),
            ("cache-control", "no-cache"),
        ],
        text,
    )
        .into_response()
}
