//! The PostgreSQL backend, for sites that run several server instances against one database.
//! The outbox claim uses `FOR UPDATE SKIP LOCKED`, so instances never take the same mail.

use std::time::Duration;

use sqlx::{PgPool, postgres::PgPoolOptions};

use async_trait::async_trait;

use super::{Store, StoreError};

static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

mod account_settings;
mod accounts;
mod contact;
mod email_verifications;
mod password_resets;
mod progress;

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

#[async_trait]
impl Store for PostgresStore {
    async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }
}
