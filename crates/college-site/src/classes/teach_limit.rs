//! The one allowance of calls a teacher's classes API and live views share.

use crate::{
    http::{error::ApiError, limits::within, state::AppState},
    roles::guard::Teacher,
};

/// The teacher's id, once this call fits the teacher's allowance; 429 with a wait otherwise.
pub fn within_teach_limit(state: &AppState, teacher: &Teacher) -> Result<String, ApiError> {
    let teacher_id = teacher.0.account.id.clone();
    within(
        &state.teach_limiter,
        &teacher_id,
        "too-many-requests",
        |wait| format!("Too many requests for your classes in a short time. Try again in {wait}."),
    )?;
    Ok(teacher_id)
}
