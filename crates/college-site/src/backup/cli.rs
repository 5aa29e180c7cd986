//! `college-site backup DEST`: one backup, while the server runs or not.

use super::{is_sqlite, postgres, sqlite};
use crate::config::BackupArgs;

/// Takes the backup and returns what to print.
pub async fn run(args: BackupArgs) -> anyhow::Result<String> {
    let url = args.database.checked_url()?;
    let written = if is_sqlite(url.expose()) {
        sqlite::backup(url, &args.dest, args.overwrite).await?
    } else {
        postgres::backup(url, &args.dest, args.overwrite).await?
    };
    Ok(format!(
        "Backed up {} to {} and checked the copy.",
        url.url_without_password(),
        written
    ))
}
