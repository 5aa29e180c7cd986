//! The statements both backends share, written once with `$N` placeholders, which sqlx binds by
//! number on SQLite as on PostgreSQL. This module is compiled into each backend (`#[path]` in
//! `sqlite/mod.rs` and `postgres/mod.rs`): `super` is that backend, which names the database
//! (`Db`), its store (`Backend`) and, in its `dialect` module, the few fragments and steps
//! where the two dialects really differ, each with its reason.
//!
//! A new statement is written here, once, in the file of its trait. It takes an item from
//! `dialect` only where the two databases cannot share it; the item is then added to both
//! `sqlite/dialect.rs` and `postgres/dialect.rs`, each beside the reason for its form.

#![expect(
    clippy::duplicate_mod,
    reason = "compiled into each backend on purpose, against its own `Db` and `dialect`"
)]

mod account_settings;
mod accounts;
mod audit;
mod classes;
mod college_holidays;
mod contact;
mod content;
mod dormant;
mod email_verifications;
mod files;
mod grievance_files;
mod grievance_statements;
mod grievances;
mod inbox;
mod mail_health;
mod passkeys;
mod password_resets;
mod pending_sign_ins;
mod people;
mod progress;
mod publishing;
mod roles;
mod second_factors;

use async_trait::async_trait;

use super::{Backend, Db, dialect};
use crate::store::{
    backend::{PoolUse, Store},
    contact::{MailLink, NewMail},
    error::StoreError,
};

#[async_trait]
impl Store for Backend {
    async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    async fn migrations_applied(&self) -> Result<bool, StoreError> {
        let applied: Vec<(i64,)> =
            sqlx::query_as("SELECT version FROM _sqlx_migrations WHERE success = $1")
                .bind(true)
                .fetch_all(&self.pool)
                .await?;
        Ok(super::MIGRATIONS.iter().all(|migration| {
            applied
                .iter()
                .any(|(version,)| *version == migration.version)
        }))
    }

    async fn active_sessions(&self, now: i64) -> Result<i64, StoreError> {
        let (count,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM sessions WHERE expires_at > $1")
                .bind(now)
                .fetch_one(&self.pool)
                .await?;
        Ok(count)
    }

    fn pool_use(&self) -> PoolUse {
        let idle = u32::try_from(self.pool.num_idle()).unwrap_or(u32::MAX);
        PoolUse {
            in_use: self.pool.size().saturating_sub(idle),
            idle,
            max: self.pool.options().get_max_connections(),
        }
    }
}

/// Finishes storing a new link of `account_id` (a reset or verification link, which the
/// caller's transaction has just inserted at `now`): ends the account's earlier links of the
/// same kind, queues `mail` with the link, and commits.
///
/// Only the newest link of an account works. The earlier ones stay stored, so they still
/// count toward the limit of recent links until the purge deletes them, once they are older
/// than the limit's window. A mail of theirs not yet sent may still go out, with a link that
/// answers as an expired one; a mail still unsent when the purge deletes its link goes with it.
pub(super) async fn send_new_link(
    mut tx: sqlx::Transaction<'static, Db>,
    link: MailLink<'_>,
    account_id: &str,
    now: i64,
    mail: &NewMail,
) -> Result<(), StoreError> {
    if let Some((table, token_hash)) = link.row() {
        sqlx::query(&format!(
            "UPDATE {table} SET expires_at = $1
             WHERE account_id = $2 AND token_hash <> $3 AND expires_at > $1"
        ))
        .bind(now)
        .bind(account_id)
        .bind(token_hash)
        .execute(&mut *tx)
        .await?;
    }
    queue_mail(&mut tx, mail, now, link, None).await?;
    tx.commit().await?;
    Ok(())
}

/// Puts a mail in the outbox, due at `now`, as part of the caller's transaction. The mail's
/// Message-ID is fixed here, once: every attempt and a resend send the same one, so a copy
/// sent twice reads as one message. `contact_id` names the contact message it carries.
pub(super) async fn queue_mail(
    tx: &mut sqlx::Transaction<'static, Db>,
    mail: &NewMail,
    now: i64,
    link: MailLink<'_>,
    contact_id: Option<i64>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO outbox (recipient, reply_to, subject, body, next_attempt_at, created_at,
                             password_reset, email_verification, contact_id, message_id)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9)",
    )
    .bind(&mail.recipient)
    .bind(&mail.reply_to)
    .bind(&mail.subject)
    .bind(&mail.body)
    .bind(now)
    .bind(link.password_reset())
    .bind(link.email_verification())
    .bind(contact_id)
    .bind(format!("{:032x}", rand::random::<u128>()))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
