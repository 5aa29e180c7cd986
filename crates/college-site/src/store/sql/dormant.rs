//! Dormant accounts. Compiled into both backends as part of `store/sql/`.

use async_trait::async_trait;

use super::{Backend, queue_mail};
use crate::store::{
    contact::{MailLink, NewMail},
    dormant::{Dormancy, DormantAccountStore},
    error::StoreError,
};

/// The condition on `accounts a` that makes it dormant, with `$1` the time before which it was
/// last used.
const DORMANT: &str = "a.email_verified_at IS NULL AND a.google_sub IS NULL
    AND COALESCE(a.last_active_at, a.created_at) < $1
    AND NOT EXISTS (SELECT 1 FROM account_roles r WHERE r.account_id = a.id)";

/// ... and not told since it was last used.
const NOT_TOLD: &str =
    "(a.purge_warned_at IS NULL OR a.purge_warned_at < COALESCE(a.last_active_at, a.created_at))";

#[async_trait]
impl DormantAccountStore for Backend {
    async fn dormant_accounts_to_warn(
        &self,
        dormancy: Dormancy,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        let rows: Vec<(String,)> = sqlx::query_as(&format!(
            "SELECT a.id FROM accounts a WHERE {DORMANT} AND {NOT_TOLD} ORDER BY a.id LIMIT $2"
        ))
        .bind(dormancy.inactive_before)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    async fn warn_dormant_account(
        &self,
        account_id: &str,
        dormancy: Dormancy,
        now: i64,
        mail: &NewMail,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let told = sqlx::query(&format!(
            "UPDATE accounts SET purge_warned_at = $2
             WHERE id = $3 AND id IN (SELECT a.id FROM accounts a WHERE {DORMANT} AND {NOT_TOLD})"
        ))
        .bind(dormancy.inactive_before)
        .bind(now)
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
        if told.rows_affected() == 0 {
            return Ok(false);
        }
        queue_mail(&mut tx, mail, now, MailLink::None, None).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn purge_dormant_accounts(
        &self,
        dormancy: Dormancy,
        warned_before: i64,
    ) -> Result<u64, StoreError> {
        let mut tx = self.pool.begin().await?;
        // Every table that names an account cascades; failed logins and device cookies are kept
        // by email, so they go here, as when an account is deleted by its owner.
        let deleted: Vec<(String,)> = sqlx::query_as(&format!(
            "DELETE FROM accounts WHERE id IN (
                 SELECT a.id FROM accounts a WHERE {DORMANT}
                   AND a.purge_warned_at IS NOT NULL AND a.purge_warned_at <= $2
                   AND a.purge_warned_at >= COALESCE(a.last_active_at, a.created_at))
             RETURNING email_key"
        ))
        .bind(dormancy.inactive_before)
        .bind(warned_before)
        .fetch_all(&mut *tx)
        .await?;
        for (email_key,) in &deleted {
            for table in ["login_failures", "sign_in_devices"] {
                sqlx::query(&format!("DELETE FROM {table} WHERE email_key = $1"))
                    .bind(email_key)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(deleted.len() as u64)
    }
}
