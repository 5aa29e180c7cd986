//! Sign-ins waiting for their second step. Compiled into both backends as part of
//! `store/sql/`.

use async_trait::async_trait;

use super::Backend;
use crate::store::{
    error::StoreError,
    pending_sign_ins::{PendingSignIn, PendingSignInStore},
};

#[async_trait]
impl PendingSignInStore for Backend {
    async fn create_pending_sign_in(&self, pending: &PendingSignIn) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO pending_sign_ins
                 (token_hash, account_id, remember, user_agent, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&pending.token_hash)
        .bind(&pending.account_id)
        .bind(pending.remember)
        .bind(&pending.user_agent)
        .bind(pending.created_at)
        .bind(pending.expires_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn pending_sign_in(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<PendingSignIn>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT token_hash, account_id, remember, user_agent, created_at, expires_at
             FROM pending_sign_ins WHERE token_hash = $1 AND expires_at > $2",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn take_pending_sign_in(&self, token_hash: &str) -> Result<bool, StoreError> {
        let taken = sqlx::query("DELETE FROM pending_sign_ins WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(taken.rows_affected() == 1)
    }

    async fn purge_pending_sign_ins(&self, now: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM pending_sign_ins WHERE expires_at <= $1")
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
