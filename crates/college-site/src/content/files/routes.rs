//! `/api/content/<kind>/<item>/files...`: an editor's uploads to an item of any kind (each kind
//! says how its part of the address finds the item: [`Owner`]), the body the file itself, its
//! name in the query; and `/files/{key}`: every copy, served by its content-hashed address.

use std::{future::Future, marker::PhantomData};

use axum::{
    Json, Router,
    body::Bytes,
    extract::{Path, Query, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{delete, get},
};
use serde::Deserialize;
use serde_json::json;

use crate::content::error::ContentError;
use crate::content::files::cache::LARGE_DOWNLOAD_BYTES;
use crate::content::files::uploads::{self, FileOwner};
use crate::content::items::service::{self as items, ItemKind};
use crate::content::publishing::editor::{actor, number};
use crate::content::publishing::preview::{Viewer, viewer};
use crate::{
    config::MB,
    error_chain::Chain,
    http::{
        client_ip::ClientIp, error::ApiError, limits::describe_wait, no_store,
        same_origin_json::require_same_origin, state::AppState,
    },
    rate_limit::retry_after_secs,
    roles::guard::Editor,
    staff::limit::within_staff_limit,
    web::assets::{self, etag_matches},
};

/// The kind of item an upload address names, and how its part of the address finds one.
pub trait Owner: Send + Sync + 'static {
    fn find(
        state: &AppState,
        key: String,
    ) -> impl Future<Output = Result<FileOwner, ContentError>> + Send;
}

/// An item of kind `R`, by slug.
pub struct OfKind<R>(PhantomData<R>);

impl<R: ItemKind> Owner for OfKind<R> {
    async fn find(state: &AppState, key: String) -> Result<FileOwner, ContentError> {
        items::schema_of::<R>(&key)?;
        let item = items::item::<R>(&state.store, &key).await?;
        Ok(FileOwner {
            id: item.id,
            described: format!("{} {key} \"{}\"", R::KIND.name(), item.title),
            unknown: R::UNKNOWN,
        })
    }
}

/// The editor's routes of the items `O` below `base` (`/api/content/notices`), which take a
/// body as large as an upload may be.
pub fn upload_routes<O: Owner>(base: &str) -> Router<AppState> {
    Router::new()
        .route(
            &format!("{base}/{{key}}/files"),
            get(list::<O>).post(upload::<O>),
        )
        .route(
            &format!("{base}/{{key}}/files/{{file}}"),
            delete(remove::<O>),
        )
}

/// The files visitors download.
pub fn router() -> Router<AppState> {
    Router::new().route("/files/{key}", get(serve))
}

async fn listed(state: &AppState, id: i64) -> Result<Response, ApiError> {
    let (found, copies) = state.store.files(id).await.map_err(ContentError::from)?;
    let files = uploads::bodies(found, &copies);
    // The limit too, so that the page refuses a file too large before sending it.
    let max = state.config.uploads.max_file_bytes;
    Ok((
        no_store(),
        Json(json!({ "files": files, "maxFileBytes": max })),
    )
        .into_response())
}

async fn list<O: Owner>(
    State(state): State<AppState>,
    editor: Editor,
    Path(key): Path<String>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let owner = O::find(&state, key).await?;
    listed(&state, owner.id).await
}

#[derive(Debug, Deserialize)]
struct UploadParams {
    name: Option<String>,
}

async fn upload<O: Owner>(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(key): Path<String>,
    Query(params): Query<UploadParams>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    require_same_origin(&headers, &state)?;
    within_staff_limit(&state, &editor.0)?;
    let owner = O::find(&state, key).await?;
    if body.is_empty() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "file-refused",
            "The file is empty: choose the file again.",
        ));
    }
    let actor = actor(&state, &editor, ip).await?;
    let name = params.name.unwrap_or_default();
    uploads::upload(
        &state.store,
        &actor,
        &owner,
        &name,
        body,
        state.config.uploads,
    )
    .await?;
    let mut answer = listed(&state, owner.id).await?;
    *answer.status_mut() = StatusCode::CREATED;
    Ok(answer)
}

async fn remove<O: Owner>(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path((key, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    require_same_origin(&headers, &state)?;
    within_staff_limit(&state, &editor.0)?;
    let owner = O::find(&state, key).await?;
    let file = number(&file, ContentError::UnknownFile)?;
    let actor = actor(&state, &editor, ip).await?;
    uploads::delete(&state.store, &actor, &owner, file).await?;
    listed(&state, owner.id).await
}

/// Whether `key` could name a copy: `<id>-<hash>[-<width>].<ext>`.
fn is_key(key: &str) -> bool {
    let Some((stem, ext)) = key.rsplit_once('.') else {
        return false;
    };
    let mut parts = stem.split('-');
    let id = parts.next().unwrap_or_default();
    let hash = parts.next().unwrap_or_default();
    let width = parts.next();
    matches!(ext, "pdf" | "jpg" | "png" | "webp")
        && !id.is_empty()
        && id.len() <= 19
        && id.bytes().all(|b| b.is_ascii_digit())
        && hash.len() == 20
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && width
            .is_none_or(|w| !w.is_empty() && w.len() <= 5 && w.bytes().all(|b| b.is_ascii_digit()))
        && parts.next().is_none()
}

/// `Content-Disposition` for a PDF: saved, under its own name, and opened by the reader the
/// visitor has; never shown as a document of this site.
pub(crate) fn disposition(name: &str) -> String {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || " .-_()".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded: String = url::form_urlencoded::byte_serialize(name.as_bytes()).collect();
    format!(
        "attachment; filename=\"{ascii}\"; filename*=UTF-8''{}",
        encoded.replace('+', "%20")
    )
}

async fn serve(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Response {
    if !is_key(&key) {
        return assets::not_found(&headers);
    }
    let copy = match state.store.file_copy_head(&key).await {
        Ok(Some(copy)) => copy,
        Ok(None) => return assets::not_found(&headers),
        Err(error) => return cannot_send(&error),
    };
    // A file follows its item: while the item is not published, only its editors (previewing
    // a draft) get it, and no cache keeps it.
    if !copy.public && !matches!(viewer(&state, &headers).await, Ok(Viewer::Editor)) {
        return assets::not_found(&headers);
    }
    let etag = format!("\"{key}\"");
    if copy.public && etag_matches(&headers, &etag) {
        return (
            StatusCode::NOT_MODIFIED,
            [
                (header::ETAG, etag),
                (header::CACHE_CONTROL, FILE_CACHE_CONTROL.to_owned()),
            ],
        )
            .into_response();
    }
    if let Some(refused) = over_download_allowance(&state, ip, copy.size) {
        return refused;
    }
    let data = match state.file_cache.bytes(&state.store, &key).await {
        Ok(Some(data)) => data,
        Ok(None) => return assets::not_found(&headers),
        Err(error) => return cannot_send(&error),
    };
    let mut answer = HeaderMap::new();
    let content_type = HeaderValue::from_str(&copy.content_type)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    answer.insert(header::CONTENT_TYPE, content_type);
    // The address changes with the bytes, but the file may stop being public when its item
    // is taken down: a browser keeps it a short while, then asks again (a 304 by its ETag).
    let cache = if copy.public {
        FILE_CACHE_CONTROL
    } else {
        "private, no-store"
    };
    answer.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        answer.insert(header::ETAG, etag);
    }
    // Whatever a file holds, it is never a page of this site that runs code.
    answer.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("sandbox; default-src 'none'; img-src 'self'"),
    );
    if copy.content_type == "application/pdf"
        && let Ok(value) = HeaderValue::from_str(&disposition(&copy.name))
    {
        answer.insert(header::CONTENT_DISPOSITION, value);
    }
    (StatusCode::OK, answer, data).into_response()
}

/// A 429 saying when to come back, when a file over [`LARGE_DOWNLOAD_BYTES`] would take the
/// address past its allowance of large downloads.
pub(crate) fn over_download_allowance(
    state: &AppState,
    ip: std::net::IpAddr,
    size: i64,
) -> Option<Response> {
    if size <= LARGE_DOWNLOAD_BYTES {
        return None;
    }
    let megabytes = u32::try_from(size.div_euclid(MB as i64) + 1).unwrap_or(u32::MAX);
    let wait = state
        .download_mb_limiter
        .check_n(&ip.into(), megabytes)
        .err()?;
    let seconds = retry_after_secs(wait);
    let words = format!(
        "Many large files were downloaded from your connection. Try again in {}.",
        describe_wait(seconds)
    );
    Some(
        (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, seconds.to_string())],
            words,
        )
            .into_response(),
    )
}

/// How long a browser or a proxy keeps a public file before asking again.
const FILE_CACHE_CONTROL: &str = "public, max-age=600";

fn cannot_send(error: &crate::store::StoreError) -> Response {
    tracing::error!(error = %Chain(error), "cannot read a file");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [("retry-after", "5")],
        "The file cannot be sent just now. Please try again in a moment.",
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_copy_address_is_looked_up() {
        assert!(is_key("12-0123456789abcdef0123.pdf"));
        assert!(is_key("12-0123456789abcdef0123-960.jpg"));
        for odd in [
            "12-0123456789abcdef0123.svg",
            "12-0123456789ABCDEF0123.pdf",
            "x-0123456789abcdef0123.pdf",
            "12-0123456789abcdef012.pdf",
            "12-0123456789abcdef0123-.jpg",
            "12-0123456789abcdef0123-960-1.jpg",
            "../etc/passwd",
            "",
        ] {
            assert!(!is_key(odd), "{odd}");
        }
    }

    #[test]
    fn a_pdf_is_saved_under_its_own_name() {
        assert_eq!(
            disposition("પરીક્ષા timetable.pdf"),
            "attachment; filename=\"_______ timetable.pdf\"; filename*=UTF-8''%E0%AA%AA%E0%AA%B0%E0%AB%80%E0%AA%95%E0%AB%8D%E0%AA%B7%E0%AA%BE%20timetable.pdf"
        );
        assert_eq!(
            disposition("a\"b.pdf"),
            "attachment; filename=\"a_b.pdf\"; filename*=UTF-8''a%22b.pdf"
        );
    }
}
