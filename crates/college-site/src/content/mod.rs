//! What the college publishes itself, as one folder per kind over shared layers.
//!
//! The kinds: [`notices`] (Markdown written, scheduled and published by editors), the site's
//! own [`pages`] (the texts of Home, About, Contact and the footer, put into the build's pages
//! at marked places), the [`courses`], the items of the mandatory [`disclosure`] and the
//! college's [`people`] (the faculty and staff directory).
//!
//! The layers every kind stands on, which name no kind: [`publishing`] (saves on top of the
//! revision the editor opened, history, restores, publishing now or at a time, previews),
//! [`items`] (items edited as a set of fields, and their API), [`files`] (uploads, checked by
//! their bytes, and downloads) and [`render`] (Markdown made safe, the content template, the
//! cache of rendered pages). [`site`] gathers what spans every kind: the search index and the
//! sitemap. `tests/layout.rs` keeps these rules.

pub mod courses;
pub mod disclosure;
mod error;
pub mod files;
pub mod items;
pub mod notices;
pub mod pages;
pub mod people;
pub mod publishing;
pub mod render;
mod site;

pub use site::search_page::{SEARCHES_BURST, SEARCHES_REFILL};

use axum::Router;

use crate::http::state::AppState;

/// The largest body an editor sends: a notice of the longest (50,000 characters, of up to
/// four bytes each in UTF-8) with room for its JSON.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(notices::staff_routes::router())
        .merge(notices::public_routes::router())
        .merge(pages::router())
        .merge(courses::router())
        .merge(disclosure::router())
        .merge(people::router())
        .merge(site::search::router())
        .merge(site::search_page::router())
        .merge(site::routes::router())
        .merge(notices::preview::router())
        .merge(files::routes::router())
}

/// The editors' uploads, which take bodies as large as the upload setting allows: to a
/// notice, a course, an item of the disclosure or a person (their photo).
pub fn upload_router() -> Router<AppState> {
    use files::routes::{OfKind, upload_routes};
    use notices::attachments::Notices;
    Router::new()
        .merge(upload_routes::<Notices>("/api/content/notices"))
        .merge(upload_routes::<OfKind<courses::Courses>>(
            courses::COURSES_API,
        ))
        .merge(upload_routes::<OfKind<disclosure::Disclosure>>(
            disclosure::DISCLOSURE_API,
        ))
        .merge(upload_routes::<OfKind<people::People>>(people::PEOPLE_API))
}
