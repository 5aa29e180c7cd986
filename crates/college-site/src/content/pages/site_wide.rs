//! The footer in every page the server sends. Every page of the web app ends with the same
//! footer, whose columns editors change (the `footer` item, [`FOOTER`]); rather than each route
//! filling it in, one layer fills every HTML answer, built or rendered: the published footer
//! goes into its marked places and into an island of its own (`<script id="site-text">`),
//! from which the app hydrates the footer.
//!
//! A page with an ETag (any page a visitor may load twice) is filled once per change and kept
//! with its compressed copies ([`crate::content::render::page_cache`]), keyed by that ETag and its status:
//! made-up addresses, which all get the one 404 page, add nothing. A page without one (an
//! editor's preview, the contact form sent back with its problems) is filled each time.

use axum::{
    body::{Body, to_bytes},
    extract::{Request, State},
    http::{HeaderMap, StatusCode, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use serde_json::json;

use super::fields::FOOTER;
use super::service as pages;
use super::text;
use crate::content::items::fields::Fields;
use crate::content::render::page_cache::RenderedPage;
use crate::{
    error_chain::Chain,
    http::state::AppState,
    web::html::{html, json_for_script},
};

const HTML: &str = "text/html; charset=utf-8";
/// The island the app reads the footer from (`web/src/app/shell/footer-text.ts`).
const ISLAND_ID: &str = "site-text";
/// More than any page of the site; a body past it is answered as it is.
const MAX_PAGE_BYTES: usize = 8 * 1024 * 1024;

/// Marks an answer that carries its footer already (an editor's preview of a footer draft).
#[derive(Debug, Clone, Copy)]
pub struct FooterFilled;

/// `html` with the footer's `fields` in its marked places, and in its island.
pub fn with_footer(html: &str, fields: &Fields) -> String {
    let filled = text::fill(html, &FOOTER, fields);
    let Some(body_end) = filled.rfind("</body>") else {
        return filled;
    };
    let island = html!(
        r#"<script type="application/json" id="{}">{}</script>"#,
        ISLAND_ID,
        json_for_script(&json!({ "pages": { "footer": fields } }))
    );
    format!("{}{island}{}", &filled[..body_end], &filled[body_end..])
}

/// Whether the address may answer with a page: not the API, not a file (a name with a dot),
/// not the sandbox (which has no footer and a policy of its own).
fn may_be_a_page(path: &str) -> bool {
    let last = path.rsplit('/').next().unwrap_or_default();
    !last.contains('.') && !path.starts_with("/api/") && path != "/sandbox"
}

/// The layer: asks for the page plain and whole (it compresses, and answers 304, for what it
/// sends), and fills the footer into whatever HTML comes back.
pub async fn fill_footer(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    if !may_be_a_page(request.uri().path()) {
        return next.run(request).await;
    }
    let asked = request.headers().clone();
    request.headers_mut().remove(header::ACCEPT_ENCODING);
    request.headers_mut().remove(header::IF_NONE_MATCH);
    let response = next.run(request).await;
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"));
    if !is_html || response.extensions().get::<FooterFilled>().is_some() {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    let bytes = match to_bytes(body, MAX_PAGE_BYTES).await {
        Ok(bytes) => bytes,
        Err(error) => {
            tracing::error!(%error, "cannot read a page to fill its footer");
            return StatusCode::SERVICE_UNAVAILABLE.into_response();
        }
    };
    let Ok(html) = std::str::from_utf8(&bytes) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    let etag = parts
        .headers
        .get(header::ETAG)
        .and_then(|value| value.to_str().ok())
        .filter(|_| matches!(parts.status, StatusCode::OK | StatusCode::NOT_FOUND));
    let Some(etag) = etag else {
        // Filled for this answer only; as built should the footer be out of reach.
        return match footer_fields(&state).await {
            Some(fields) => Response::from_parts(parts, Body::from(with_footer(html, &fields))),
            None => Response::from_parts(parts, Body::from(bytes.clone())),
        };
    };
    let key = format!("site-wide {} {etag}", parts.status.as_u16());
    let status = parts.status;
    let filled = state
        .rendered_pages
        .get_or_render(&state.store, &key, || async {
            let html = match pages::live_fields(&state.store, &FOOTER).await? {
                Some(fields) => with_footer(html, &fields),
                None => html.to_owned(),
            };
            Ok(Some(RenderedPage::new(status, HTML, html)))
        })
        .await;
    match filled {
        Ok(Some(page)) => with_headers_of(page.respond(&asked), &parts.headers),
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(error) => {
            tracing::warn!(error = %Chain(&error), "the page's footer is shown as built");
            Response::from_parts(parts, Body::from(bytes.clone()))
        }
    }
}

/// The footer as published; none (the page as built) when there is none or it is out of reach.
async fn footer_fields(state: &AppState) -> Option<Fields> {
    match pages::live_fields(&state.store, &FOOTER).await {
        Ok(fields) => fields,
        Err(error) => {
            tracing::warn!(error = %Chain(&error), "the page's footer is shown as built");
            None
        }
    }
}

/// `answer` with what the page's own answer said beside its text (its caching, cookies,
/// what else it varies with), the filled page's type, length, encoding and ETag taking the
/// place of its own.
fn with_headers_of(mut answer: Response, inner: &HeaderMap) -> Response {
    const OWN: [header::HeaderName; 5] = [
        header::CONTENT_TYPE,
        header::CONTENT_LENGTH,
        header::CONTENT_ENCODING,
        header::ETAG,
        header::VARY,
    ];
    let headers = answer.headers_mut();
    for name in inner.keys().filter(|name| !OWN.contains(name)) {
        headers.remove(name);
        for value in inner.get_all(name) {
            headers.append(name, value.clone());
        }
    }
    for value in inner.get_all(header::VARY) {
        if !value.as_bytes().eq_ignore_ascii_case(b"accept-encoding") {
            headers.append(header::VARY, value.clone());
        }
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn only_addresses_that_may_be_pages_are_filled() {
        for page in [
            "/",
            "/react/hooks/",
            "/notices/exam-dates",
            "/no-such-page",
            "/contact",
        ] {
            assert!(may_be_a_page(page), "{page}");
        }
        for other in [
            "/api/auth/session",
            "/assets/index-1.js",
            "/sw.js",
            "/sandbox",
            "/notices/feed.xml",
        ] {
            assert!(!may_be_a_page(other), "{other}");
        }
    }

    #[test]
    fn the_footer_goes_in_its_places_and_in_its_island() {
        let html = r#"<html><body><footer><h2 data-edit="footer.columns.0.heading">Features</h2><ul data-edit="footer.columns.0.links"><li><a href="/">Home</a></li></ul><span data-edit="footer.copyrightYears">2017-2021</span></footer></body></html>"#;
        let mut fields = Fields::new();
        for (key, value) in [
            ("columns.0.heading", "Find your way"),
            (
                "columns.0.links",
                "Fees </script> | /about#fees\nNotices | /notices",
            ),
            ("copyrightYears", "2017-2026"),
        ] {
            fields.insert(key.into(), Value::String(value.into()));
        }
        let page = with_footer(html, &fields);
        assert!(page.contains(r#"<h2 data-edit="footer.columns.0.heading">Find your way</h2>"#));
        assert!(page.contains(
            r#"<ul data-edit="footer.columns.0.links"><li><a href="/about#fees">Fees &lt;/script&gt;</a></li><li><a href="/notices">Notices</a></li></ul>"#
        ), "{page}");
        assert!(page.contains(r#"<span data-edit="footer.copyrightYears">2017-2026</span>"#));
        let island = &page[page.find(r#"id="site-text">"#).expect("island")..];
        assert!(
            island.starts_with(r#"id="site-text">{"pages":{"footer":{"#),
            "{island}"
        );
        assert!(!island[..island.find("</script>").expect("end")].contains('<'));
        assert!(page.ends_with("</script></body></html>"));
    }
}
