//! `/teach` and the pages below it, as prerendered shells for a signed-in visitor. A teacher's
//! `/teach` paints the frame of their classes (the list's heading, the form for a new class) at
//! once; anyone else's, and every class's page, is served the shell that waits for the session
//! and the class (`TEACH_WAITING_SHELL` in web/src/shared/paths/teach.ts), so that no one but
//! a teacher ever sees a teacher's frame.

use axum::Router;

use crate::{
    accounts::session::{service::ActiveSession, signed_in_page::signed_in_pages_chosen},
    http::state::AppState,
    store::Role,
};

const TEACH: &str = "/teach";
const WAITING: &str = "/teach/_waiting";

pub fn router() -> Router<AppState> {
    signed_in_pages_chosen(TEACH, WAITING, WAITING, shell_for_role)
}

/// The teacher's frame for a teacher; the waiting shell for anyone else, or when the roles
/// cannot be read (the page then asks the API, which says the same).
async fn shell_for_role(state: AppState, active: ActiveSession) -> &'static str {
    match state
        .store
        .has_role(&active.account.id, Role::Teacher)
        .await
    {
        Ok(true) => TEACH,
        Ok(false) => WAITING,
        Err(error) => {
            tracing::warn!(error = %crate::error_chain::Chain(&error), "cannot read the roles for /teach");
            WAITING
        }
    }
}
