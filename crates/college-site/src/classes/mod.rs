//! Classes: a teacher creates a class, students join it by a link after reading what the
//! teacher will see, and the teacher watches their progress, live.
//!
//! - `domain.rs`: names, join codes and the bounds on both;
//! - `service.rs`: the rules (a teacher reaches only their own classes);
//! - `table.rs`: the class at a glance, as JSON and CSV;
//! - `live.rs`: the open class view, kept up to date with server-sent events;
//! - `teach_routes.rs`, `student_routes.rs`: HTTP; `teach_limit.rs`: the
//!   allowance of calls the teacher's routes and live views share.
//!
//! Teacher routes take the [`crate::roles::guard::Teacher`] extractor.

pub mod domain;
pub mod error;
pub mod live;
pub mod service;
mod student_routes;
pub mod table;
mod teach_limit;
mod teach_pages;
mod teach_routes;

use axum::Router;

use crate::{
    accounts::session::signed_in_page::signed_in_pages_with_subpath_shell, http::state::AppState,
};

/// Every route of classes: the teacher's API and pages, and the student's.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(teach_routes::router())
        .merge(student_routes::router())
        // The teacher's pages and the join page: prerendered shells that hold no class data.
        .merge(teach_pages::router())
        // /join paints its form for a code at once; a class's join link waits for its class.
        .merge(signed_in_pages_with_subpath_shell("/join", "/join/_code"))
}
