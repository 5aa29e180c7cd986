//! Backups: a consistent, checked copy of the database, by command (`college-site backup DEST`)
//! or on a schedule in the server (`--backup-dir`).
//!
//! - SQLite: `VACUUM INTO` a temporary file beside DEST (a snapshot of one read transaction,
//!   so writers carry on meanwhile), synced to disk, checked with `PRAGMA integrity_check`,
//!   then renamed to DEST. A copy that is not whole is never left under DEST's name.
//! - PostgreSQL: `pg_dump --format=custom` when it is installed; otherwise the command says how.

pub mod cli;
pub mod files;
pub mod postgres;
pub mod schedule;
pub mod sqlite;

use std::{path::PathBuf, time::Duration};

/// What a backup wrote.
#[derive(Debug)]
pub struct Written {
    pub path: PathBuf,
    pub bytes: u64,
    pub took: Duration,
}

impl std::fmt::Display for Written {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({:.1} MB) in {:.1} s",
            self.path.display(),
            self.bytes as f64 / 1_000_000.0,
            self.took.as_secs_f64()
        )
    }
}

/// Whether `url` names a SQLite database (else PostgreSQL).
pub fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}
