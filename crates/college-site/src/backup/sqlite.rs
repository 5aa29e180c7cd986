//! A SQLite backup with `VACUUM INTO`, checked before it takes DEST's name.

use std::{path::Path, str::FromStr, time::Duration};

use sqlx::{Connection, SqliteConnection, sqlite::SqliteConnectOptions};

use super::{
    Written,
    files::{Partial, check_destination, partial_path},
};
use crate::{config::secrets::Secret, private_files};

/// Copies the SQLite database at `url` to `dest`. Writers may go on meanwhile: the copy holds
/// what was committed when it began.
pub async fn backup(url: &Secret<String>, dest: &Path, overwrite: bool) -> anyhow::Result<Written> {
    let started = std::time::Instant::now();
    check_destination(dest, overwrite)?;
    let options = SqliteConnectOptions::from_str(url.expose())?
        .create_if_missing(false)
        .busy_timeout(Duration::from_secs(30));
    let source = options.get_filename().to_owned();
    if !source.is_file() {
        anyhow::bail!("there is no database at {}", source.display());
    }
    let partial = Partial(partial_path(dest));
    // Made empty and private first: `VACUUM INTO` takes an empty file, and keeps its mode.
    private_files::create_empty(&partial.0)?;

    let mut connection = SqliteConnection::connect_with(&options).await?;
    sqlx::query("VACUUM INTO $1")
        .bind(partial.0.to_string_lossy().as_ref())
        .execute(&mut connection)
        .await?;
    connection.close().await?;

    check_integrity(&partial.0).await?;
    Ok(partial.keep_as(dest, started)?)
}

/// Runs `PRAGMA integrity_check` on the copy, which nothing else has open.
pub async fn check_integrity(path: &Path) -> anyhow::Result<()> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .immutable(true);
    let mut connection = SqliteConnection::connect_with(&options).await?;
    let found: Vec<(String,)> = sqlx::query_as("PRAGMA integrity_check")
        .fetch_all(&mut connection)
        .await?;
    connection.close().await?;
    match found.as_slice() {
        [(ok,)] if ok == "ok" => Ok(()),
        problems => anyhow::bail!(
            "the copy failed its integrity check: {}",
            problems
                .iter()
                .map(|(line,)| line.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        ),
    }
}
