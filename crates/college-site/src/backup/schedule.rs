//! Backups the server takes itself (`--backup-dir`): one every BACKUP_EVERY, counted from the
//! newest backup already in the folder (so that a server restarted more often than that still
//! takes them), named by the time they were taken, the oldest beyond BACKUP_KEEP deleted.

use std::{
    path::{Path, PathBuf},
    time::{Duration, SystemTime},
};

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use super::{is_sqlite, postgres, sqlite};
use crate::{
    config::{BackupSchedule, secrets::Secret},
    dates::compact_iso_8601,
    private_files,
};

const PREFIX: &str = "college-";

/// Starts the schedule; with PostgreSQL only when `pg_dump` is installed (else it says so).
pub async fn spawn(
    schedule: BackupSchedule,
    database_url: Secret<String>,
    shutdown: CancellationToken,
) -> anyhow::Result<Option<JoinHandle<()>>> {
    let extension = if is_sqlite(database_url.expose()) {
        "db"
    } else {
        if !postgres::pg_dump_installed().await {
            tracing::warn!(
                "scheduled backups are off: with PostgreSQL they need pg_dump, which is not \
                 installed (Debian: apt install postgresql-client)"
            );
            return Ok(None);
        }
        "dump"
    };
    private_files::private_dir(&schedule.dir)?;
    tracing::info!(
        dir = %schedule.dir.display(),
        every_s = schedule.every.as_secs(),
        keep = schedule.keep,
        "scheduled backups on"
    );
    Ok(Some(tokio::spawn(async move {
        loop {
            let wait = until_next(&schedule, extension);
            tokio::select! {
                () = shutdown.cancelled() => break,
                () = tokio::time::sleep(wait) => {}
            }
            let dest = schedule.dir.join(format!(
                "{PREFIX}{}.{extension}",
                timestamp(SystemTime::now())
            ));
            let taken = if extension == "db" {
                sqlite::backup(&database_url, &dest, false).await
            } else {
                postgres::backup(&database_url, &dest, false).await
            };
            match taken {
                Ok(written) => {
                    tracing::info!(path = %written.path.display(), bytes = written.bytes,
                        took_ms = u64::try_from(written.took.as_millis()).unwrap_or(u64::MAX),
                        "backup written and checked");
                    prune(&schedule.dir, extension, schedule.keep);
                }
                Err(error) => {
                    tracing::error!(error = %format!("{error:#}"), "scheduled backup failed");
                    // Tried again after a while rather than at once, so a full disk is not
                    // hammered.
                    tokio::select! {
                        () = shutdown.cancelled() => break,
                        () = tokio::time::sleep(schedule.every.min(Duration::from_secs(600))) => {}
                    }
                }
            }
        }
    })))
}

/// The backups in `dir`, oldest first (their names sort by time).
pub fn backups_in(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| {
                    name.starts_with(PREFIX) && name.ends_with(&format!(".{extension}"))
                })
        })
        .collect();
    found.sort();
    found
}

fn until_next(schedule: &BackupSchedule, extension: &str) -> Duration {
    let newest = backups_in(&schedule.dir, extension)
        .last()
        .and_then(|path| path.metadata().ok())
        .and_then(|meta| meta.modified().ok());
    match newest {
        Some(at) => {
            let age = SystemTime::now().duration_since(at).unwrap_or_default();
            schedule.every.saturating_sub(age)
        }
        None => Duration::ZERO,
    }
}

fn prune(dir: &Path, extension: &str, keep: usize) {
    let found = backups_in(dir, extension);
    let extra = found.len().saturating_sub(keep);
    for old in &found[..extra] {
        match std::fs::remove_file(old) {
            Ok(()) => tracing::info!(path = %old.display(), "old backup deleted"),
            Err(error) => {
                tracing::warn!(path = %old.display(), error = %crate::error_chain::Chain(&error), "cannot delete an old backup")
            }
        }
    }
}

/// `20261124T161500Z` for a moment, in UTC.
pub fn timestamp(at: SystemTime) -> String {
    let millis = at
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    compact_iso_8601(millis)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_and_sort_by_time() {
        let at = SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_996_800 + 3_723);
        assert_eq!(timestamp(at), "20261130T010203Z");
        assert_eq!(timestamp(SystemTime::UNIX_EPOCH), "19700101T000000Z");
        let leap = SystemTime::UNIX_EPOCH + Duration::from_secs(951_782_400);
        assert_eq!(timestamp(leap), "20000229T000000Z");
    }
}
