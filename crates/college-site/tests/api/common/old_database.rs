//! A database as an earlier version of the server left it: migrated step by step with the
//! migration files up to a point, written to with plain SQL, and read back row by row, so that
//! an upgrade's tests can check what the newest server makes of it.

use std::{
    path::{Path, PathBuf},
    str::FromStr,
};

use serde_json::{Map, Value};
use sqlx::{
    Connection, PgConnection, Row, SqliteConnection, migrate::Migrator,
    sqlite::SqliteConnectOptions,
};

use super::Backend;

/// One connection to the database, on either backend.
pub enum Db {
    Sqlite(SqliteConnection),
    Postgres(PgConnection),
}

impl Db {
    pub async fn open(url: &str) -> Self {
        if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)
                .expect("url")
                .create_if_missing(true)
                .foreign_keys(true);
            Db::Sqlite(
                SqliteConnection::connect_with(&options)
                    .await
                    .expect("opens"),
            )
        } else {
            Db::Postgres(PgConnection::connect(url).await.expect("opens"))
        }
    }

    pub async fn migrate(&mut self, folder: &Path) {
        let migrator = Migrator::new(folder).await.expect("migrations read");
        match self {
            Db::Sqlite(connection) => migrator.run(connection).await,
            Db::Postgres(connection) => migrator.run(connection).await,
        }
        .expect("migrations run");
    }

    pub async fn execute(&mut self, sql: &str) {
        match self {
            Db::Sqlite(connection) => sqlx::query(sql).execute(connection).await.map(|_| ()),
            Db::Postgres(connection) => sqlx::query(sql).execute(connection).await.map(|_| ()),
        }
        .unwrap_or_else(|error| panic!("{sql}: {error}"));
    }

    pub async fn texts(&mut self, sql: &str) -> Vec<String> {
        let rows: Vec<(String,)> = match self {
            Db::Sqlite(connection) => sqlx::query_as(sql).fetch_all(connection).await,
            Db::Postgres(connection) => sqlx::query_as(sql).fetch_all(connection).await,
        }
        .unwrap_or_else(|error| panic!("{sql}: {error}"));
        rows.into_iter().map(|(text,)| text).collect()
    }

    pub async fn tables(&mut self) -> Vec<String> {
        let sql = match self {
            Db::Sqlite(_) => {
                "SELECT name FROM sqlite_master WHERE type = 'table'
                 AND name NOT LIKE 'sqlite_%' AND name <> '_sqlx_migrations' ORDER BY name"
            }
            Db::Postgres(_) => {
                "SELECT CAST(table_name AS TEXT) FROM information_schema.tables
                 WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                 AND table_name <> '_sqlx_migrations' ORDER BY table_name"
            }
        };
        self.texts(sql).await
    }

    /// Every row of `table`, as an object of its columns.
    pub async fn rows(&mut self, table: &str) -> Vec<Map<String, Value>> {
        let sql = match self {
            Db::Sqlite(connection) => {
                let columns: Vec<String> = sqlx::query("SELECT name FROM pragma_table_info($1)")
                    .bind(table)
                    .fetch_all(&mut *connection)
                    .await
                    .expect("columns")
                    .iter()
                    .map(|row| row.get::<String, _>(0))
                    .collect();
                let pairs: Vec<String> = columns
                    .iter()
                    .map(|column| format!("'{column}', \"{column}\""))
                    .collect();
                format!("SELECT json_object({}) FROM \"{table}\"", pairs.join(", "))
            }
            Db::Postgres(_) => format!("SELECT row_to_json(t)::text FROM \"{table}\" AS t"),
        };
        self.texts(&sql)
            .await
            .iter()
            .map(|json| serde_json::from_str(json).expect("a row as JSON"))
            .collect()
    }
}

/// The migration files of `backend`, in the order they run.
pub fn migration_files(backend: Backend) -> Vec<PathBuf> {
    let folder = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("migrations folder")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "sql"))
        .collect();
    files.sort();
    files
}

/// A migration file's version: the number its name starts with.
pub fn version_of(file: &Path) -> i64 {
    let name = file.file_name().expect("name").to_string_lossy();
    name.split('_')
        .next()
        .expect("number")
        .parse()
        .expect("a numbered migration")
}
