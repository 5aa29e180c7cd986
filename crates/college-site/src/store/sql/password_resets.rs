//! Password reset links. Compiled into both backends as part of `store/sql/`:
//! `super` is that module, and through it the backend's `Backend` and `dialect`.

use async_trait::async_trait;

use super::{Backend, dialect::begin_link_insert, send_new_link};
use crate::store::{
    contact::{MailLink, NewMail},
    error::StoreError,
    password_resets::{NewPasswordReset, PasswordResetStore, RecentLinks},
};

#[async_trait]
impl PasswordResetStore for Backend {
    async fn save_password_reset(
        &self,
        reset: &NewPasswordReset,
        mail: &NewMail,
        recent: RecentLinks,
    ) -> Result<bool, StoreError> {
        let mut tx = begin_link_insert(&self.pool, &reset.account_id).await?;
        // One statement counts the account's recent links and inserts: `begin_link_insert`
        // makes sure no other insert for the account comes between the count and this one.
        let inserted = sqlx::query(
            "INSERT INTO password_resets (token_hash, account_id, created_at, expires_at)
             SELECT $1, $2, $3, $4
             WHERE (SELECT COUNT(*) FROM password_resets
                    WHERE account_id = $2 AND created_at >= $5) < $6",
        )
        .bind(&reset.token_hash)
        .bind(&reset.account_id)
        .bind(reset.created_at)
        .bind(reset.expires_at)
        .bind(recent.since)
        .bind(recent.max)
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() == 0 {
            return Ok(false);
        }
        let link = MailLink::PasswordReset(&reset.token_hash);
        send_new_link(tx, link, &reset.account_id, reset.created_at, mail).await?;
        Ok(true)
    }

    async fn password_resets_since(&self, account_id: &str, since: i64) -> Result<i64, StoreError> {
        let (count,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM password_resets WHERE account_id = $1 AND created_at >= $2",
        )
        .bind(account_id)
        .bind(since)
        .fetch_one(&self.pool)
        .await?;
        Ok(count)
    }

    async fn password_reset_account(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = sqlx::query_as(
            "SELECT account_id FROM password_resets WHERE token_hash = $1 AND expires_at > $2",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|(id,)| id))
    }

    async fn complete_password_reset(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let row: Option<(String,)> = sqlx::query_as(
            "DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > $2
             RETURNING account_id",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((account_id,)) = row else {
            return Ok(None);
        };
        sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(&account_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE account_id = $1")
            .bind(&account_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM password_resets WHERE account_id = $1")
            .bind(&account_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "DELETE FROM login_failures
             WHERE email_key = (SELECT email_key FROM accounts WHERE id = $1)",
        )
        .bind(&account_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(account_id))
    }

    async fn purge_expired_password_resets(
        &self,
        now: i64,
        created_before: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM password_resets WHERE expires_at <= $1 AND created_at < $2")
            .bind(now)
            .bind(created_before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
