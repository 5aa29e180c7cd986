//! A notice's attachments: the upload address names the notice by its id.

use super::service as notices;
use crate::content::error::ContentError;
use crate::content::files::routes::Owner;
use crate::content::files::uploads::FileOwner;
use crate::content::publishing::editor::number;
use crate::http::state::AppState;

/// A notice, by id.
pub struct Notices;

impl Owner for Notices {
    async fn find(state: &AppState, key: String) -> Result<FileOwner, ContentError> {
        let id = number(&key, ContentError::UnknownNotice)?;
        let notice = notices::notice(&state.store, id).await?;
        Ok(FileOwner {
            id,
            described: format!("notice {id} \"{}\"", notice.title),
            unknown: || ContentError::UnknownNotice,
        })
    }
}
