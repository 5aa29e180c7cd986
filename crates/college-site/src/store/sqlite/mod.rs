//! The SQLite backend: one file, WAL journal (readers never wait for the writer), and a busy
//! timeout so that concurrent writers queue instead of failing.

use std::{str::FromStr, time::Duration};

use sqlx::{
    SqlitePool,
    sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous},
};

use super::error::StoreError;
use crate::private_files;

static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

/// The names the shared statements in `store/sql/` are written against: that module is compiled
/// once into this backend and once into `postgres`.
type Db = sqlx::Sqlite;
type Backend = SqliteStore;

mod dialect;

#[path = "../sql/mod.rs"]
mod sql;

pub struct SqliteStore {
    pool: SqlitePool,
}

impl SqliteStore {
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        let file = options.get_filename().to_owned();
        if let Some(dir) = file.parent()
            && !dir.as_os_str().is_empty()
        {
            private_files::create_dir_all(dir)?;
        }
        // The database holds personal data: private, and its journal files too (SQLite gives
        // them the database's mode), whatever the umask.
        if file.as_os_str() != ":memory:" {
            if !file.exists() {
                private_files::create_empty(&file)?;
            }
            for suffix in ["", "-wal", "-shm"] {
                let mut name = file.clone().into_os_string();
                name.push(suffix);
                private_files::make_private(std::path::Path::new(&name))?;
            }
        }
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        MIGRATIONS.run(&pool).await?;
        Ok(Self { pool })
    }
}
