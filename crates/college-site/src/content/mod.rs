//! What the college publishes itself: notices written, scheduled and published by editors in
//! the staff area, with every save kept as a revision. The editor's Markdown is made into
//! safe HTML on the server ([`markdown`]); the timer in [`schedule`] publishes at the time set.
//! Visitors read them at `/notices`, pages rendered once and kept ([`rendered`]). The site's
//! own pages (Home, About, Contact) are items too: their texts are fields editors change
//! ([`pages`]), put into the build's pages at marked places; and so are the courses
//! ([`courses`]) and the items of the mandatory disclosure ([`disclosure`]), which the server
//! renders whole. Any item may carry uploaded files ([`files`]).

pub mod blocking_render;
mod bodies;
pub mod courses;
pub mod disclosure;
pub mod domain;
mod draft_preview;
mod error;
mod feed;
mod fielded;
mod fielded_routes;
pub mod fields;
pub mod file_cache;
mod file_routes;
mod files;
mod images;
pub mod markdown;
pub mod pages;
mod pdf_scan;
mod public_html;
mod public_page;
mod public_routes;
pub mod rendered;
pub mod schedule;
mod search_index;
mod service;
mod sitemap;
mod staff_routes;
pub mod upload_check;

use axum::Router;

use crate::http::state::AppState;

/// The largest body an editor sends: a notice of the longest (50,000 characters, of up to
/// four bytes each in UTF-8) with room for its JSON.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(staff_routes::router())
        .merge(public_routes::router())
        .merge(pages::router())
        .merge(courses::router())
        .merge(disclosure::router())
        .merge(search_index::router())
        .merge(draft_preview::router())
        .merge(file_routes::router())
}

/// The editors' uploads, which take bodies as large as the upload setting allows: to a
/// notice, a course or an item of the disclosure.
pub fn upload_router() -> Router<AppState> {
    use file_routes::{InRoom, Notices, upload_routes};
    Router::new()
        .merge(upload_routes::<Notices>("/api/content/notices"))
        .merge(upload_routes::<InRoom<courses::Courses>>(
            courses::COURSES_API,
        ))
        .merge(upload_routes::<InRoom<disclosure::Disclosure>>(
            disclosure::DISCLOSURE_API,
        ))
}
