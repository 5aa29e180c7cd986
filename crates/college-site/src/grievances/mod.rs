//! Students' grievances under the UGC (Redressal of Grievances of Students) Regulations,
//! 2023: a student (or an applicant) files one online ([`student_routes`], [`form`],
//! [`pages`]), gets its number at once and by mail ([`mails`], [`committee_mails`]), and
//! follows it; the college's clock of days and working days ([`clock`]) is kept with each.
//! Only the student and the grievance committee can read a grievance.

mod attachments;
mod clock;
mod committee_changes;
mod committee_mails;
mod committee_routes;
mod committee_view;
mod domain;
mod file_download;
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

use crate::http::{body_limit::limit_body, state::AppState};

pub use paths::{GRIEVANCES_PATH, NEW_GRIEVANCE_PATH};

/// The grievances' routes; those whose posts carry files (a filing, a reply, the committee's
/// message or decision) take up to three files of `max_file_bytes` each.
pub fn router(max_file_bytes: usize) -> Router<AppState> {
    let text = student_routes::router()
        .merge(student_actions::router())
        .merge(committee_routes::router())
        .merge(holidays_routes::router());
    let files = student_routes::file_router()
        .merge(student_actions::file_router())
        .merge(committee_routes::file_router());
    limit_body(text, attachments::MAX_TEXT_POST_BYTES).merge(limit_body(
        files,
        attachments::max_post_bytes(max_file_bytes),
    ))
}
