//! `college-site backup DEST`: one backup, while the server runs or not.

use super::{is_sqlite, postgres, sqlite};
use crate::config::{BackupArgs, parsers::redact_url};

/// Takes the backup and returns what to print.
pub async fn run(args: BackupArgs) -> anyhow::Result<String> {
    let written = if is_sqlite(&args.database) {
        sqlite::backup(&args.database, &args.dest, args.overwrite).await?
    } else if args.database.starts_with("postgres:") || args.database.starts_with("postgresql:") {
        postgres::backup(&args.database, &args.dest, args.overwrite).await?
    } else {
        anyhow::bail!("DATABASE_URL must start with sqlite:// or postgres://");
    };
    Ok(format!(
        "Backed up {} to {} and checked the copy.",
        redact_url(&args.database),
        written
    ))
}
