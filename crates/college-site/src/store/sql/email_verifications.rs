//! Email verification links. Compiled into both backends as part of `store/sql/`:
//! `super` is that module, and through it the backend's `Backend` and `dialect`.

use async_trait::async_trait;

use super::{
    Backend,
    dialect::{FOR_UPDATE, begin_link_insert},
    queue_mail, send_new_link,
};
use crate::store::{
    contact::{MailLink, NewMail},
    email_verifications::{
        EmailVerification, EmailVerificationStore, NewEmailVerification, VerifiedEmail,
    },
    error::StoreError,
    password_resets::RecentLinks,
};

#[async_trait]
impl EmailVerificationStore for Backend {
    async fn save_email_verification(
        &self,
        link: &NewEmailVerification,
        mail: &NewMail,
        recent: RecentLinks,
    ) -> Result<bool, StoreError> {
        let mut tx = begin_link_insert(&self.pool, &link.account_id).await?;
        // One statement counts the account's recent links and inserts: `begin_link_insert`
        // makes sure no other insert for the account comes between the count and this one.
        let inserted = sqlx::query(
            "INSERT INTO email_verifications (token_hash, account_id, email, email_key, created_at, expires_at)
             SELECT $1, $2, $3, $4, $5, $6
             WHERE (SELECT COUNT(*) FROM email_verifications
                    WHERE account_id = $2 AND created_at >= $7) < $8",
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
        send_new_link(tx, row, &link.account_id, link.created_at, mail).await?;
        Ok(true)
    }

    async fn email_verifications_since(
        &self,
        account_id: &str,
        since: i64,
    ) -> Result<i64, StoreError> {
        let (count,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM email_verifications WHERE account_id = $1 AND created_at >= $2",
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
             WHERE token_hash = $1 AND expires_at > $2",
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
        // Deleting the link comes first: of two uses racing for one link, the second finds
        // none. On PostgreSQL the delete locks the link's row; on SQLite this first write
        // takes the write lock, held from here on.
        let mut tx = self.pool.begin().await?;
        let link: Option<EmailVerification> = sqlx::query_as(
            "DELETE FROM email_verifications WHERE token_hash = $1 AND expires_at > $2
             RETURNING account_id, email, email_key",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(link) = link else {
            return Ok(None);
        };
        let current: Option<(String,)> = sqlx::query_as(&format!(
            "SELECT email_key FROM accounts WHERE id = $1 {FOR_UPDATE}"
        ))
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
            sqlx::query("UPDATE accounts SET email_key = $1, email_verified_at = $2 WHERE id = $3")
                .bind(&link.email_key)
                .bind(now)
                .bind(&link.account_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("UPDATE users SET email = $1 WHERE id = $2")
                .bind(&link.email)
                .bind(&link.account_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM email_verifications WHERE account_id = $1")
                .bind(&link.account_id)
                .execute(&mut *tx)
                .await?;
            if let Some(mail) = notice {
                queue_mail(&mut tx, mail, now, MailLink::None, None).await?;
            }
        } else {
            sqlx::query("UPDATE accounts SET email_verified_at = $1 WHERE id = $2")
                .bind(now)
                .bind(&link.account_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM email_verifications WHERE account_id = $1 AND email_key = $2")
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
             WHERE v.account_id = $1 AND v.expires_at > $2 AND v.email_key <> a.email_key
             ORDER BY v.created_at DESC LIMIT 1",
        )
        .bind(account_id)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn mark_email_verified(&self, account_id: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET email_verified_at = $1 WHERE id = $2")
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
        sqlx::query("UPDATE accounts SET google_sub = $1 WHERE id = $2")
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
            "UPDATE accounts SET google_sub = $1, password_hash = NULL, email_verified_at = $2
             WHERE id = $3 AND email_key = $4",
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
            "DELETE FROM sessions WHERE account_id = $1",
            "DELETE FROM email_verifications WHERE account_id = $1",
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
        sqlx::query("DELETE FROM email_verifications WHERE expires_at <= $1 AND created_at < $2")
            .bind(now)
            .bind(created_before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
