//! A PostgreSQL backup with `pg_dump`, when it is installed.

use std::{path::Path, process::Stdio};

use tokio::process::Command;
use url::Url;

use super::{
    Written,
    files::{Partial, check_destination, partial_path},
};
use crate::{config::secrets::Secret, private_files};

/// What to do when `pg_dump` is not installed.
pub fn how_to(url: &Secret<String>, dest: &Path) -> String {
    format!(
        "pg_dump is not installed here. Install PostgreSQL's client programs (Debian: \
         `apt install postgresql-client`, of the server's major version or newer) and run this \
         again, or run it yourself:\n  pg_dump --format=custom --file={} '{}'\n\
         Restore with: pg_restore --clean --if-exists --no-owner --dbname=URL {}",
        dest.display(),
        url.url_without_password(),
        dest.display()
    )
}

/// Whether `pg_dump` can be run.
pub async fn pg_dump_installed() -> bool {
    Command::new("pg_dump")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .await
        .is_ok_and(|status| status.success())
}

/// Dumps the database at `url` to `dest` in pg_dump's custom format (one consistent snapshot,
/// restored with `pg_restore`), then checks that `pg_restore` can read it when that is
/// installed too. The password goes to pg_dump in its environment, never on its command line.
pub async fn backup(url: &Secret<String>, dest: &Path, overwrite: bool) -> anyhow::Result<Written> {
    let started = std::time::Instant::now();
    check_destination(dest, overwrite)?;
    if !pg_dump_installed().await {
        anyhow::bail!("{}", how_to(url, dest));
    }
    let mut without_password = Url::parse(url.expose())?;
    let password = without_password.password().map(str::to_owned);
    let _ = without_password.set_password(None);
    let partial = Partial(partial_path(dest));
    private_files::create_empty(&partial.0)?;

    let mut dump = Command::new("pg_dump");
    dump.arg("--format=custom")
        .arg("--file")
        .arg(&partial.0)
        .arg("--dbname")
        .arg(without_password.as_str())
        .stdout(Stdio::null());
    if let Some(password) = password {
        dump.env("PGPASSWORD", password);
    }
    let output = dump.output().await?;
    if !output.status.success() {
        anyhow::bail!(
            "pg_dump failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    // A dump pg_restore cannot read is no backup.
    if let Ok(listed) = Command::new("pg_restore")
        .arg("--list")
        .arg(&partial.0)
        .stdout(Stdio::null())
        .output()
        .await
        && !listed.status.success()
    {
        anyhow::bail!(
            "pg_restore cannot read the dump: {}",
            String::from_utf8_lossy(&listed.stderr).trim()
        );
    }
    Ok(partial.keep_as(dest, started)?)
}
