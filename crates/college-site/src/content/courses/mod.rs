//! The courses the college offers, as content items of kind `course`: a fresh installation
//! starts them from the build's text ([`service::seed`]); editors change every field, order
//! and hide them, with drafts, schedules and history like the pages ([`staff_routes`]); and
//! visitors read them at `/courses` and `/courses/<slug>`, and as Home's cards
//! ([`public_routes`], [`html`]), with their fees in Indian grouping ([`money`]).

pub mod enquiry_form;
pub mod fields;
pub mod html;
pub mod money;
pub mod page;
mod public_routes;
pub mod service;
mod staff_routes;

use axum::Router;

use crate::http::state::AppState;

pub use public_routes::COURSES_PATH;
pub use staff_routes::{COURSES_API, Courses};

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(staff_routes::router())
        .merge(public_routes::router())
}
