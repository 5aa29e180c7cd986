//! Students' grievances under the UGC (Redressal of Grievances of Students) Regulations,
//! 2023: a student (or an applicant) files one online ([`student_routes`], [`form`],
//! [`pages`]), gets its number at once and by mail ([`mails`], [`committee_mails`]), and
//! follows it; the college's clock of days and working days ([`clock`]) is kept with each.
//! Only the student and the grievance committee can read a grievance.

mod clock;
mod committee_changes;
mod committee_mails;
mod committee_routes;
mod committee_view;
mod domain;
mod form;
mod hearing;
mod holidays_routes;
mod mails;
mod page_parts;
mod pages;
mod paths;
pub mod reminders;
pub mod statistics;
mod student_access;
mod student_actions;
mod student_forms;
mod student_routes;

use axum::Router;

use crate::http::state::AppState;

pub use paths::{GRIEVANCES_PATH, NEW_GRIEVANCE_PATH};

/// The largest filing: 7,000 characters of up to four bytes each, written as `%XX` in a form
/// post (three characters a byte), with room for the rest.
pub const MAX_BODY_BYTES: usize = 96 * 1024;

pub fn router() -> Router<AppState> {
    student_routes::router()
        .merge(student_actions::router())
        .merge(committee_routes::router())
        .merge(holidays_routes::router())
}
