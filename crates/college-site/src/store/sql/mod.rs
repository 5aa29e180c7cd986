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
mod classes;
mod contact;
mod email_verifications;
mod password_resets;
mod progress;
mod roles;

use async_trait::async_trait;

use super::{Backend, Db, dialect};
use crate::store::{
    backend::Store,
    contact::{MailLink, NewMail},
    error::StoreError,
};

#[async_trait]
impl Store for Backend {
    async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
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
    queue_mail(&mut tx, mail, now, link).await?;
    tx.commit().await?;
    Ok(())
}

/// Puts a mail in the outbox, due at `now`, as part of the caller's transaction.
pub(super) async fn queue_mail(
    tx: &mut sqlx::Transaction<'static, Db>,
    mail: &NewMail,
    now: i64,
    link: MailLink<'_>,
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
