//! `college-site backup DEST`: one backup, while the server runs or not.

use super::{is_sqlite, postgres, sqlite};
use crate::config::BackupArgs;

/// Takes the backup and returns what to print.
pub async fn run(args: BackupArgs) -> anyhow::Result<String> {
    let url = args.database.expose();
    let written = if is_sqlite(url) {
        sqlite::backup(&args.database, &args.dest, args.overwrite).await?
    } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        postgres::backup(&args.database, &args.dest, args.overwrite).await?
    } else {
        anyhow::bail!("DATABASE_URL must start with sqlite:// or postgres://");
    };
    Ok(format!(
        "Backed up {} to {} and checked the copy.",
        args.database.url_without_password(),
        written
    ))
}
