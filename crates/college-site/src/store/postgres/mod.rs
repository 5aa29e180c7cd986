//! The PostgreSQL backend, for sites that run several server instances against one database.
//! The outbox claim uses `FOR UPDATE SKIP LOCKED`, so instances never take the same mail.

use std::time::Duration;

use sqlx::{PgPool, postgres::PgPoolOptions};

use super::error::StoreError;

static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// The names the shared statements in `store/sql/` are written against: that module is compiled
/// once into this backend and once into `sqlite`.
type Db = sqlx::Postgres;
type Backend = PostgresStore;

mod dialect;

#[path = "../sql/mod.rs"]
mod sql;

pub struct PostgresStore {
    pool: PgPool,
}

impl PostgresStore {
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .connect(url)
            .await?;
        MIGRATIONS.run(&pool).await?;
        Ok(Self { pool })
    }
}
