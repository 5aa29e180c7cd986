//! Passkeys and their ceremonies. Compiled into both backends as part of `store/sql/`.

use async_trait::async_trait;

use super::{Backend, audit::insert_audit, queue_mail};
use crate::store::{
    contact::MailLink,
    error::StoreError,
    passkeys::{AddedPasskey, PasskeyCeremony, PasskeyRecord, PasskeyStore},
    second_factors::FactorChange,
};

const COLUMNS: &str = "id, account_id, credential_id, user_handle, kind, name, credential,
    created_at, last_used_at, with_second_step";

#[async_trait]
impl PasskeyStore for Backend {
    async fn passkeys_of(&self, account_id: &str) -> Result<Vec<PasskeyRecord>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM passkeys WHERE account_id = $1 ORDER BY created_at, id"
        ))
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn passkey_by_credential_id(
        &self,
        credential_id: &str,
    ) -> Result<Option<PasskeyRecord>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM passkeys WHERE credential_id = $1"
        ))
        .bind(credential_id)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn add_passkey(
        &self,
        passkey: &PasskeyRecord,
        max: i64,
        change: FactorChange<'_>,
    ) -> Result<AddedPasskey, StoreError> {
        let mut tx = self.pool.begin().await?;
        // One statement counts and inserts, so two additions racing cannot pass the bound.
        let inserted = sqlx::query(&format!(
            "INSERT INTO passkeys ({COLUMNS})
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, NULL, $10
             WHERE (SELECT COUNT(*) FROM passkeys WHERE account_id = $2) < $9"
        ))
        .bind(&passkey.id)
        .bind(&passkey.account_id)
        .bind(&passkey.credential_id)
        .bind(&passkey.user_handle)
        .bind(&passkey.kind)
        .bind(&passkey.name)
        .bind(&passkey.credential)
        .bind(passkey.created_at)
        .bind(max)
        .bind(passkey.with_second_step)
        .execute(&mut *tx)
        .await;
        match inserted {
            Err(error) => match StoreError::from(error) {
                StoreError::Conflict => return Ok(AddedPasskey::AlreadyRegistered),
                error => return Err(error),
            },
            Ok(done) if done.rows_affected() == 0 => return Ok(AddedPasskey::TooMany),
            Ok(_) => {}
        }
        insert_audit(&mut tx, change.audit).await?;
        queue_mail(&mut tx, change.mail, change.audit.at, MailLink::None, None).await?;
        tx.commit().await?;
        Ok(AddedPasskey::Added)
    }

    async fn record_passkey_use(
        &self,
        id: &str,
        credential: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE passkeys SET credential = $1, last_used_at = $2 WHERE id = $3")
            .bind(credential)
            .bind(now)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn remove_passkey(
        &self,
        account_id: &str,
        id: &str,
        change: FactorChange<'_>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let removed = sqlx::query("DELETE FROM passkeys WHERE account_id = $1 AND id = $2")
            .bind(account_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if removed.rows_affected() == 0 {
            return Ok(false);
        }
        insert_audit(&mut tx, change.audit).await?;
        queue_mail(&mut tx, change.mail, change.audit.at, MailLink::None, None).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn create_passkey_ceremony(&self, ceremony: &PasskeyCeremony) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        if let Some(account_id) = &ceremony.account_id {
            sqlx::query("DELETE FROM passkey_ceremonies WHERE account_id = $1 AND purpose = $2")
                .bind(account_id)
                .bind(&ceremony.purpose)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO passkey_ceremonies (token_hash, account_id, purpose, state, expires_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&ceremony.token_hash)
        .bind(&ceremony.account_id)
        .bind(&ceremony.purpose)
        .bind(&ceremony.state)
        .bind(ceremony.expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn take_passkey_ceremony(
        &self,
        token_hash: &str,
        purpose: &str,
        now: i64,
    ) -> Result<Option<PasskeyCeremony>, StoreError> {
        let taken: Option<PasskeyCeremony> = sqlx::query_as(
            "DELETE FROM passkey_ceremonies WHERE token_hash = $1 AND purpose = $2
             RETURNING token_hash, account_id, purpose, state, expires_at",
        )
        .bind(token_hash)
        .bind(purpose)
        .fetch_optional(&self.pool)
        .await?;
        Ok(taken.filter(|ceremony| ceremony.expires_at > now))
    }

    async fn purge_passkey_ceremonies(&self, now: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM passkey_ceremonies WHERE expires_at <= $1")
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
