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

/// Only the newest link of an account works: ends the account's other links of the same kind
/// as `link` at `now`, as part of the caller's transaction (which has just stored `link`).
/// They stay stored, so they still count toward the limit of recent links until the purge
/// deletes them, once they are older than the limit's window. A mail of theirs not yet sent
/// may still go out, with a link that answers as an expired one; a mail still unsent when the
/// purge deletes its link goes with it.
async fn end_earlier_links(
    tx: &mut sqlx::Transaction<'static, sqlx::Postgres>,
    link: super::MailLink<'_>,
    account_id: &str,
    now: i64,
) -> Result<(), StoreError> {
    let Some((table, token_hash)) = link.row() else {
        return Ok(());
    };
    sqlx::query(&format!(
        "UPDATE {table} SET expires_at = $1
         WHERE account_id = $2 AND token_hash <> $3 AND expires_at > $1"
    ))
    .bind(now)
    .bind(account_id)
    .bind(token_hash)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Puts a mail in the outbox, due at `now`, as part of the caller's transaction.
async fn queue_mail(
    tx: &mut sqlx::Transaction<'static, sqlx::Postgres>,
    mail: &super::NewMail,
    now: i64,
    link: super::MailLink<'_>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO outbox (recipient, reply_to, subject, body, next_attempt_at, created_at,
                             password_reset, email_verification)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7)",
    )
    .bind(&mail.recipient)
    .bind(&mail.reply_to)
    .bind(&mail.subject)
    .bind(&mail.body)
    .bind(now)
    .bind(link.password_reset())
    .bind(link.email_verification())
    .execute(&mut **tx)
    .await?;
    Ok(())
}
