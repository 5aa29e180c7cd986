//! Email verification links.

use async_trait::async_trait;

use super::{
    SqliteStore,
    sql::{end_earlier_links, queue_mail},
};
use crate::store::{
    EmailVerification, EmailVerificationStore, MailLink, NewEmailVerification, NewMail,
    RecentLinks, StoreError, VerifiedEmail,
};

#[async_trait]
impl EmailVerificationStore for SqliteStore {
    async fn save_email_verification(
        &self,
        link: &NewEmailVerification,
        mail: &NewMail,
        recent: RecentLinks,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        // One statement: SQLite runs it under the write lock, so no other insert comes between
        // the count and this one.
        let inserted = sqlx::query(
            "INSERT INTO email_verifications (token_hash, account_id, email, email_key, created_at, expires_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6
             WHERE (SELECT COUNT(*) FROM email_verifications
                    WHERE account_id = ?2 AND created_at >= ?7) < ?8",
        )
        .bind(&link.token_hash)
        .bind(&link.account_id)
        .bind(&link.email)
        .bind(&link.email_key)
        .bind(link.created_at)
        .bind(link.expires_at)
        .bind(recent.since)
        .bind(recent.max)
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() == 0 {
            return Ok(false);
        }
        let row = MailLink::EmailVerification(&link.token_hash);
        end_earlier_links(&mut tx, row, &link.account_id, link.created_at).await?;
        queue_mail(&mut tx, mail, link.created_at, row).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn email_verifications_since(
        &self,
        account_id: &str,
        since: i64,
    ) -> Result<i64, StoreError> {
        let (count,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM email_verifications WHERE account_id = ? AND created_at >= ?",
        )
        .bind(account_id)
        .bind(since)
        .fetch_one(&self.pool)
        .await?;
        Ok(count)
    }

    async fn email_verification(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<EmailVerification>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT account_id, email, email_key FROM email_verifications
             WHERE token_hash = ? AND expires_at > ?",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn complete_email_verification(
        &self,
        token_hash: &str,
        now: i64,
        notice: Option<&NewMail>,
    ) -> Result<Option<VerifiedEmail>, StoreError> {
        // The first statement writes, so the transaction holds the write lock from here on.
        let mut tx = self.pool.begin().await?;
        let link: Option<EmailVerification> = sqlx::query_as(
            "DELETE FROM email_verifications WHERE token_hash = ? AND expires_at > ?
             RETURNING account_id, email, email_key",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(link) = link else {
            return Ok(None);
        };
        let current: Option<(String,)> =
            sqlx::query_as("SELECT email_key FROM accounts WHERE id = ?")
                .bind(&link.account_id)
                .fetch_optional(&mut *tx)
                .await?;
        let Some((current_key,)) = current else {
            return Ok(None);
        };
        let changed = current_key != link.email_key;
        if changed {
            // The unique index decides whether another account has the address; on a conflict
            // the transaction is dropped, and with it every change.
            sqlx::query("UPDATE accounts SET email_key = ?, email_verified_at = ? WHERE id = ?")
                .bind(&link.email_key)
                .bind(now)
                .bind(&link.account_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("UPDATE users SET email = ? WHERE id = ?")
                .bind(&link.email)
                .bind(&link.account_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM email_verifications WHERE account_id = ?")
                .bind(&link.account_id)
                .execute(&mut *tx)
                .await?;
            if let Some(mail) = notice {
                queue_mail(&mut tx, mail, now, MailLink::None).await?;
            }
        } else {
            sqlx::query("UPDATE accounts SET email_verified_at = ? WHERE id = ?")
                .bind(now)
                .bind(&link.account_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM email_verifications WHERE account_id = ? AND email_key = ?")
                .bind(&link.account_id)
                .bind(&link.email_key)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(Some(VerifiedEmail {
            account_id: link.account_id,
            email: link.email,
            changed,
        }))
    }

    async fn pending_email_change(
        &self,
        account_id: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT v.email FROM email_verifications v JOIN accounts a ON a.id = v.account_id
             WHERE v.account_id = ? AND v.expires_at > ? AND v.email_key <> a.email_key
             ORDER BY v.created_at DESC LIMIT 1",
        )
        .bind(account_id)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn mark_email_verified(&self, account_id: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET email_verified_at = ? WHERE id = ?")
            .bind(now)
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn link_google_keeping_access(
        &self,
        account_id: &str,
        sub: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET google_sub = ? WHERE id = ?")
            .bind(sub)
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn link_google_ending_access(
        &self,
        account_id: &str,
        email_key: &str,
        sub: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let linked = sqlx::query(
            "UPDATE accounts SET google_sub = ?, password_hash = NULL, email_verified_at = ?
             WHERE id = ? AND email_key = ?",
        )
        .bind(sub)
        .bind(now)
        .bind(account_id)
        .bind(email_key)
        .execute(&mut *tx)
        .await?;
        if linked.rows_affected() == 0 {
            return Ok(false);
        }
        for statement in [
            "DELETE FROM sessions WHERE account_id = ?",
            "DELETE FROM email_verifications WHERE account_id = ?",
        ] {
            sqlx::query(statement)
                .bind(account_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn purge_expired_email_verifications(
        &self,
        now: i64,
        created_before: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM email_verifications WHERE expires_at <= ? AND created_at < ?")
            .bind(now)
            .bind(created_before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
