//! Content pages as served: rendered once, kept with their gzip copy and ETag, and served like
//! the static pages they stand beside until what visitors can see changes.
//!
//! Every instance keeps its own copy. It asks the database for `content_generation` (which
//! every publish, unpublish and delete moves, on any instance) at most once a
//! [`LOOK_EVERY`], and drops every page when it moved, when a notice on them has expired
//! since (an expiry changes no row), or when the college's day has turned. A change made on
//! this instance drops them at once ([`RenderedPages::forget`]), so an editor who publishes
//! sees the notice on the next load.

use std::{
    collections::HashMap,
    io::Write,
    sync::{Arc, Mutex, MutexGuard, PoisonError},
    time::{Duration, Instant},
};

use axum::{
    body::{Body, Bytes},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use sha2::{Digest, Sha256};

use crate::{
    dates,
    error_chain::Chain,
    store::{SharedStore, StoreError, now_millis},
    web::assets::{self, accepted_encodings, etag_matches},
};

const DAY_MILLIS: i64 = 24 * 60 * 60 * 1000;

/// How stale a page may be after a change made on another instance.
const LOOK_EVERY: Duration = Duration::from_secs(1);
/// Pages kept at once; past it the oldest set is dropped whole (a crawler walking every notice
/// and page of the list must not make the server keep them all).
const MAX_PAGES: usize = 512;
/// Bytes of HTML kept at once, for the same reason.
const MAX_BYTES: usize = 32 * 1024 * 1024;

/// Brotli's quality for a kept page: within a few percent of the best, in a few milliseconds
/// for a page of notices (the build compresses its own pages at 11, with time to spare).
const BROTLI_QUALITY: u32 = 9;
/// Brotli's window, as log2 of its bytes: 4 MB, more than any page.
const BROTLI_WINDOW: u32 = 22;

/// A page (or the feed) ready to send: its status, its text with a brotli and a gzip copy, and
/// its ETag.
pub struct RenderedPage {
    status: StatusCode,
    content_type: &'static str,
    /// Shared, not copied, by every answer that sends them.
    html: Bytes,
    brotli: Option<Bytes>,
    gzip: Option<Bytes>,
    etag: String,
}

impl RenderedPage {
    pub fn new(status: StatusCode, content_type: &'static str, html: String) -> Self {
        let etag = format!("\"c-{:x}\"", Sha256::digest(html.as_bytes()));
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        let gzip = encoder
            .write_all(html.as_bytes())
            .and_then(|()| encoder.finish())
            .ok();
        let mut brotli = Vec::new();
        let brotli = brotli::BrotliCompress(
            &mut html.as_bytes(),
            &mut brotli,
            &brotli::enc::BrotliEncoderParams {
                quality: BROTLI_QUALITY as i32,
                lgwin: BROTLI_WINDOW as i32,
                ..Default::default()
            },
        )
        .ok()
        .map(|_| brotli);
        // A copy no smaller than the text is not worth sending.
        let smaller =
            |copy: Option<Vec<u8>>| copy.filter(|copy| copy.len() < html.len()).map(Bytes::from);
        Self {
            status,
            content_type,
            brotli: smaller(brotli),
            gzip: smaller(gzip),
            html: Bytes::from(html),
            etag,
        }
    }

    /// The page's text as kept (the search reads its list of what it finds from it).
    pub fn text(&self) -> &[u8] {
        &self.html
    }

    /// Names this very text: equal ETags, equal pages.
    pub fn etag(&self) -> &str {
        &self.etag
    }

    fn size(&self) -> usize {
        self.html.len()
            + self.brotli.as_ref().map_or(0, Bytes::len)
            + self.gzip.as_ref().map_or(0, Bytes::len)
    }

    /// The answer to a GET: 304 when the browser has this very page, brotli or gzip when it
    /// takes it (brotli first: the smaller).
    pub fn respond(&self, request_headers: &HeaderMap) -> Response {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(self.content_type),
        );
        // Checked again on every visit, as the static pages are: a change shows at once.
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        if let Ok(etag) = HeaderValue::from_str(&self.etag) {
            headers.insert(header::ETAG, etag);
        }
        if self.status == StatusCode::OK && etag_matches(request_headers, &self.etag) {
            return (StatusCode::NOT_MODIFIED, headers).into_response();
        }
        let accepted = accepted_encodings(request_headers);
        let takes = |coding: &str| accepted.iter().any(|taken| taken == coding);
        let body = match (&self.brotli, &self.gzip) {
            (Some(brotli), _) if takes("br") => {
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
                brotli.clone()
            }
            (_, Some(gzip)) if takes("gzip") => {
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                gzip.clone()
            }
            _ => self.html.clone(),
        };
        (self.status, headers, Body::from(body)).into_response()
    }
}

#[derive(Default)]
struct Kept {
    generation: i64,
    /// When the generation was last read; none forces a read on the next request.
    looked_at: Option<Instant>,
    /// The next moment a notice on the kept pages may expire or go live.
    valid_until: Option<i64>,
    pages: HashMap<String, Arc<RenderedPage>>,
    bytes: usize,
    /// Moves each time the pages are dropped: a page rendered from what was read before then
    /// may be stale, and is not kept.
    epoch: u64,
}

impl Kept {
    fn clear(&mut self) {
        self.pages.clear();
        self.bytes = 0;
        self.epoch = self.epoch.wrapping_add(1);
    }
}

/// A visitor's place in an address's turn. Dropped (the page served, or the visitor gone
/// mid-render), the last one out takes the turn away, so made-up addresses leave nothing.
struct Turn<'a> {
    pages: &'a RenderedPages,
    key: &'a str,
    lock: Arc<tokio::sync::Mutex<()>>,
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        let mut turns = self
            .pages
            .turns
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        // The map's and this one's: nobody else waits.
        if Arc::strong_count(&self.lock) == 2 {
            turns.remove(self.key);
        }
    }
}

#[derive(Default)]
pub struct RenderedPages {
    kept: Mutex<Kept>,
    /// One turn per address being rendered: visitors who miss it together wait for one render
    /// instead of each making their own.
    turns: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

impl RenderedPages {
    fn lock(&self) -> MutexGuard<'_, Kept> {
        // A panic while the lock was held left at worst a page too many: keep serving.
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Drops every page now: this instance has just changed what visitors see.
    pub fn forget(&self) {
        let mut kept = self.lock();
        kept.clear();
        kept.looked_at = None;
    }

    /// The kept page for `key`, or the one `render` makes (kept for next time). `render`
    /// answers none for an address that names nothing: that is never kept, or anyone could
    /// fill the memory with made-up addresses.
    pub async fn get_or_render<F, Fut>(
        &self,
        store: &SharedStore,
        key: &str,
        render: F,
    ) -> Result<Option<Arc<RenderedPage>>, StoreError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Option<RenderedPage>, StoreError>>,
    {
        self.drop_stale(store).await?;
        if let Some(page) = self.lock().pages.get(key) {
            return Ok(Some(page.clone()));
        }
        let turn = self.turn(key);
        let _mine = turn.lock.lock().await;
        self.render_in_turn(key, render).await
    }

    fn turn<'a>(&'a self, key: &'a str) -> Turn<'a> {
        let mut turns = self.turns.lock().unwrap_or_else(PoisonError::into_inner);
        let lock = turns.entry(key.to_owned()).or_default().clone();
        Turn {
            pages: self,
            key,
            lock,
        }
    }

    /// Within `key`'s turn: the page another visitor rendered meanwhile, or a new one.
    async fn render_in_turn<F, Fut>(
        &self,
        key: &str,
        render: F,
    ) -> Result<Option<Arc<RenderedPage>>, StoreError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Option<RenderedPage>, StoreError>>,
    {
        let epoch = {
            let kept = self.lock();
            if let Some(page) = kept.pages.get(key) {
                return Ok(Some(page.clone()));
            }
            kept.epoch
        };
        let Some(page) = render().await? else {
            return Ok(None);
        };
        let page = Arc::new(page);
        let mut kept = self.lock();
        if kept.epoch != epoch {
            // Dropped while this one was rendered: it is served this once, not kept.
            return Ok(Some(page));
        }
        if kept.pages.len() >= MAX_PAGES || kept.bytes + page.size() > MAX_BYTES {
            kept.clear();
        }
        kept.bytes += page.size();
        kept.pages.insert(key.to_owned(), page.clone());
        Ok(Some(page))
    }

    async fn drop_stale(&self, store: &SharedStore) -> Result<(), StoreError> {
        let now = now_millis();
        {
            let kept = self.lock();
            let recent = kept.looked_at.is_some_and(|at| at.elapsed() < LOOK_EVERY);
            let valid = kept.valid_until.is_none_or(|until| now < until);
            if recent && valid {
                return Ok(());
            }
        }
        let generation = store.content_generation().await?;
        // Pages say what holds today (a disclosure document past its last day, a person who
        // has left), so none is kept past the college's next midnight.
        let midnight = dates::college_midnight(dates::college_date(now)) + DAY_MILLIS;
        let valid_until = Some(
            store
                .next_content_event(now)
                .await?
                .map_or(midnight, |event| event.min(midnight)),
        );
        let mut kept = self.lock();
        if kept.generation != generation || kept.valid_until.is_some_and(|until| now >= until) {
            kept.clear();
        }
        kept.generation = generation;
        kept.valid_until = valid_until;
        kept.looked_at = Some(Instant::now());
        Ok(())
    }
}

/// The answer for a page rendered (or kept) by [`RenderedPages::get_or_render`]: the page, the
/// site's 404 page when there is none, or a 503 naming `what` (the notices, the courses, the disclosure) when
/// the store is out of reach.
pub fn answer(
    rendered: Result<Option<Arc<RenderedPage>>, StoreError>,
    headers: &HeaderMap,
    what: &str,
) -> Response {
    match rendered {
        Ok(Some(page)) => page.respond(headers),
        Ok(None) => assets::not_found(headers),
        Err(error) => {
            tracing::error!(error = %Chain(&error), "cannot read the {what}");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                [("retry-after", "5")],
                format!("The {what} cannot be shown just now. Please try again in a moment."),
            )
                .into_response()
        }
    }
}
