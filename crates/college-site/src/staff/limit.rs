//! The allowances of calls the staff API shares: one per staff member for every call, and a
//! smaller one for test mails, each of which talks to the mail server.

use crate::{
    accounts::session::service::ActiveSession,
    http::{error::ApiError, limits::within, state::AppState},
};

/// Takes one from the staff member's allowance of calls; 429 with a wait otherwise.
pub fn within_staff_limit(state: &AppState, session: &ActiveSession) -> Result<(), ApiError> {
    within(
        &state.staff_limiter,
        &session.account.id,
        "too-many-requests",
        |wait| format!("Too many requests to the staff area in a short time. Try again in {wait}."),
    )
}

/// Takes one from the admin's allowance of test mails.
pub fn within_test_mail_limit(state: &AppState, session: &ActiveSession) -> Result<(), ApiError> {
    within(
        &state.test_mail_limiter,
        &session.account.id,
        "too-many-test-mails",
        |wait| format!("You sent several test mails just now. Try again in {wait}."),
    )
}
