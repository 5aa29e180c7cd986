//! What every editor's route starts from: the editor as the audit log names them, and the
//! item named in the path.

use std::net::IpAddr;

use crate::content::error::ContentError;
use crate::{
    http::{error::ApiError, state::AppState},
    roles::{actor::StaffActor, guard::Editor},
};

/// A number from the path; anything else names nothing.
pub fn number(raw: &str, unknown: ContentError) -> Result<i64, ContentError> {
    raw.parse().map_err(|_| unknown)
}

pub async fn actor(state: &AppState, editor: &Editor, ip: IpAddr) -> Result<StaffActor, ApiError> {
    StaffActor::of(&state.store, &editor.0, ip)
        .await
        .map_err(|error| ContentError::from(error).into())
}
