//! The built web app (`web/dist`), embedded in release builds so that deploying means copying
//! one binary. Debug builds read the folder from disk, so a rebuilt app shows without
//! recompiling the server.
//!
//! The build writes every route as `route/index.html`, hashed files under `assets/`, and a
//! brotli (`.br`) and gzip (`.gz`) copy beside each compressible file; the server picks the
//! copy the browser accepts and never compresses at request time.

use std::borrow::Cow;

use super::security::DeclaredSources;
use axum::{
    body::Body,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
struct Dist;

/// Templates the server fills in itself, and the sandbox document (served only at `/sandbox`,
/// with its own CSP): never served by their file names.
const PRIVATE_PREFIXES: [&str; 2] = ["_templates/", "_sandbox/"];
const NOT_FOUND_PAGE: &str = "404.html";
/// The document the tutorial's editor runs a student's code in.
const SANDBOX_PAGE: &str = "_sandbox/index.html";

/// The text of an embedded file, if it exists.
pub fn text(path: &str) -> Option<String> {
    let file = Dist::get(path)?;
    String::from_utf8(file.data.into_owned()).ok()
}

/// True when the web app was built into (or, in debug builds, is beside) this binary.
pub fn is_built() -> bool {
    Dist::get("index.html").is_some()
}

/// A list of strings the web build wrote into one of its `dist/_meta/*.json` files
/// (`{"<key>": ["…"]}`); empty when the file or the key is missing.
fn declared_list(file: &str, key: &str) -> Vec<String> {
    text(file)
        .and_then(|json| serde_json::from_str::<serde_json::Value>(&json).ok())
        .and_then(|meta| serde_json::from_value(meta.get(key)?.clone()).ok())
        .unwrap_or_default()
}

/// The paths of the pages a search engine should list, as the build declared them
/// (`dist/_meta/sitemap.json`).
pub fn sitemap_paths() -> Vec<String> {
    declared_list("_meta/sitemap.json", "paths")
}

/// The extra `connect-src` origins the app's build declared (for example the tutorial's
/// placeholder-data service), from `dist/_meta/csp.json`.
pub fn declared_connect_origins() -> Vec<String> {
    declared_list("_meta/csp.json", "connectSrc")
}

/// What the site's CSP must allow beyond its own origin, as the build declared it: the
/// connect origins, and the hashes of the pages' inline scripts and styles
/// (`dist/_meta/inline.json`, written by the prerender step).
pub fn declared_sources() -> DeclaredSources {
    DeclaredSources {
        connect_origins: declared_connect_origins(),
        inline_scripts: declared_list("_meta/inline.json", "scriptSrc"),
        inline_styles: declared_list("_meta/inline.json", "styleSrc"),
    }
}

/// The hashes (`'sha256-…'`) of the inline scripts of the sandbox document, as the build
/// computed them into `dist/_meta/sandbox.json`.
pub fn sandbox_script_hashes() -> Vec<String> {
    declared_list("_meta/sandbox.json", "scriptSrc")
}

/// A lesson of the tutorial, as the build named it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct LessonTitle {
    /// The name progress is kept under.
    pub lesson: String,
    pub title: String,
    /// The lesson's challenges (`<lesson>/<name>`): a lesson that has some is done when they
    /// have all passed; one without, when the student marks it done.
    #[serde(default)]
    pub challenges: Vec<String>,
}

/// The tutorial's lessons in reading order (`dist/_meta/tutorial.json`, written by the
/// prerender step); empty when the app was built without it.
pub fn lesson_titles() -> Vec<LessonTitle> {
    text("_meta/tutorial.json")
        .and_then(|json| serde_json::from_str::<serde_json::Value>(&json).ok())
        .and_then(|meta| serde_json::from_value(meta.get("lessons")?.clone()).ok())
        .unwrap_or_default()
}

/// The files each challenge's pass holds, by challenge (`challengeFiles` of
/// `dist/_meta/tutorial.json`); empty when the build did not say.
pub fn challenge_files() -> std::collections::BTreeMap<String, Vec<String>> {
    text("_meta/tutorial.json")
        .and_then(|json| serde_json::from_str::<serde_json::Value>(&json).ok())
        .and_then(|meta| serde_json::from_value(meta.get("challengeFiles")?.clone()).ok())
        .unwrap_or_default()
}

/// The sandbox document, or 404 when the app was built without it.
pub fn sandbox_page(request_headers: &HeaderMap) -> Response {
    serve(SANDBOX_PAGE, StatusCode::OK, request_headers)
}

/// Answers a GET for `path`: a file, a route's prerendered page, or the 404 page with 404.
pub fn respond(path: &str, request_headers: &HeaderMap) -> Response {
    match resolve(path) {
        Some(key) => serve(&key, StatusCode::OK, request_headers),
        None => not_found(request_headers),
    }
}

/// The site's 404 page, with 404.
pub fn not_found(request_headers: &HeaderMap) -> Response {
    if Dist::get(NOT_FOUND_PAGE).is_some() {
        serve(NOT_FOUND_PAGE, StatusCode::NOT_FOUND, request_headers)
    } else {
        (StatusCode::NOT_FOUND, "Error404 Page").into_response()
    }
}

/// Maps a URL path to the embedded file that answers it.
fn resolve(path: &str) -> Option<String> {
    let relative = path.trim_start_matches('/');
    // Percent-encoded or dotted paths never name a file of ours; refusing them here keeps
    // traversal questions away from the lookup.
    if PRIVATE_PREFIXES
        .iter()
        .any(|prefix| format!("{relative}/").starts_with(prefix))
        || relative
            .split('/')
            .any(|segment| segment == ".." || segment == ".")
        || relative.contains('\\')
        || relative.ends_with(".br")
        || relative.ends_with(".gz")
    {
        return None;
    }
    let route = relative.trim_end_matches('/');
    let page = if route.is_empty() {
        "index.html".to_owned()
    } else {
        format!("{route}/index.html")
    };
    if route != "404" && Dist::get(&page).is_some() {
        return Some(page);
    }
    let is_file = !relative.is_empty() && !relative.ends_with('/') && relative != NOT_FOUND_PAGE;
    (is_file && Dist::get(relative).is_some()).then(|| relative.to_owned())
}

fn serve(key: &str, status: StatusCode, request_headers: &HeaderMap) -> Response {
    let Some(file) = Dist::get(key) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let etag = format!("\"{}\"", hex(&file.metadata.sha256_hash()));
    let mime = file.metadata.mimetype().to_owned();

    let mut headers = HeaderMap::new();
    insert(&mut headers, header::CONTENT_TYPE, &with_charset(&mime));
    insert(&mut headers, header::CACHE_CONTROL, cache_control(key));
    insert(&mut headers, header::ETAG, &etag);

    let compressed =
        preferred_encodings(request_headers)
            .into_iter()
            .find_map(|(encoding, suffix)| {
                Dist::get(&format!("{key}.{suffix}")).map(|file| (encoding, file.data))
            });
    if Dist::get(&format!("{key}.gz")).is_some() || Dist::get(&format!("{key}.br")).is_some() {
        insert(&mut headers, header::VARY, "Accept-Encoding");
    }

    if status == StatusCode::OK && etag_matches(request_headers, &etag) {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }

    let body: Cow<'static, [u8]> = match compressed {
        Some((encoding, data)) => {
            insert(&mut headers, header::CONTENT_ENCODING, encoding);
            data
        }
        None => file.data,
    };
    (status, headers, Body::from(body)).into_response()
}

/// Hashed build output never changes under its name; pages, and the files the tutorial's
/// offline copy names without a hash (its worker, the search index, the app manifest), must
/// be revalidated so a new release shows at once.
fn cache_control(key: &str) -> &'static str {
    if key.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else if key.ends_with(".html")
        || key.ends_with(".json")
        || key.ends_with(".webmanifest")
        || key == "sw.js"
    {
        "no-cache"
    } else {
        "public, max-age=3600"
    }
}

fn with_charset(mime: &str) -> String {
    if mime.starts_with("text/") || mime == "application/javascript" || mime == "application/json" {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_owned()
    }
}

/// The encodings the browser accepts, best first: brotli, then gzip. An encoding listed with
/// `q=0` is refused.
fn preferred_encodings(headers: &HeaderMap) -> Vec<(&'static str, &'static str)> {
    let accepted = accepted_encodings(headers);
    [("br", "br"), ("gzip", "gz")]
        .into_iter()
        .filter(|(name, _)| accepted.iter().any(|a| a == name))
        .collect()
}

/// The content codings the browser takes, in lower case (those it refuses with `q=0` left out).
pub fn accepted_encodings(headers: &HeaderMap) -> Vec<String> {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|item| {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next()?.to_ascii_lowercase();
            let refused = parts.any(|param| {
                param
                    .strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (!refused).then_some(name)
        })
        .collect()
}

/// True when the browser's `If-None-Match` names `etag`: it has this very file.
pub fn etag_matches(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value
                .split(',')
                .any(|tag| tag.trim() == etag || tag.trim() == "*")
        })
}

fn insert(headers: &mut HeaderMap, name: header::HeaderName, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        headers.insert(name, value);
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).expect("value"),
        );
        headers
    }

    #[test]
    fn brotli_is_preferred_and_q0_refuses() {
        let names = |h: &HeaderMap| -> Vec<&str> {
            preferred_encodings(h).into_iter().map(|(n, _)| n).collect()
        };
        assert_eq!(
            names(&accept("gzip, deflate, br, zstd")),
            vec!["br", "gzip"]
        );
        assert_eq!(names(&accept("gzip")), vec!["gzip"]);
        assert_eq!(names(&accept("br;q=0, gzip;q=0.5")), vec!["gzip"]);
        assert!(names(&HeaderMap::new()).is_empty());
    }

    #[test]
    fn private_and_traversal_paths_resolve_to_nothing() {
        for path in [
            "/_templates/contact-invalid.html",
            "/_sandbox/index.html",
            "/_sandbox/",
            "/_sandbox",
            "/_templates",
            "/../Cargo.toml",
            "/assets/../404.html",
            "/index.html.br",
            "/404.html",
        ] {
            assert_eq!(resolve(path), None, "{path}");
        }
    }

    #[test]
    fn hashed_assets_are_immutable_and_pages_revalidate() {
        assert_eq!(
            cache_control("assets/index-abc123.js"),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(cache_control("about/index.html"), "no-cache");
        for unhashed in ["sw.js", "search-index.json", "manifest.webmanifest"] {
            assert_eq!(cache_control(unhashed), "no-cache", "{unhashed}");
        }
        assert_eq!(cache_control("favicon.svg"), "public, max-age=3600");
    }
}
