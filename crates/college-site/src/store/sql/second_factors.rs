//! Second factors and their recovery codes. Compiled into both backends as part of
//! `store/sql/`.

use async_trait::async_trait;

use super::{Backend, Db, audit::insert_audit, queue_mail};
use crate::store::{
    contact::{MailLink, NewMail},
    error::StoreError,
    second_factors::{FactorChange, SecondFactorRecord, SecondFactorStore, WrongCode},
};

/// Writes the change's audit entry and queues its mail, then commits.
async fn record_change(
    mut tx: sqlx::Transaction<'static, Db>,
    change: FactorChange<'_>,
) -> Result<(), StoreError> {
    insert_audit(&mut tx, change.audit).await?;
    queue_mail(&mut tx, change.mail, change.audit.at, MailLink::None, None).await?;
    tx.commit().await?;
    Ok(())
}

async fn insert_codes(
    tx: &mut sqlx::Transaction<'static, Db>,
    account_id: &str,
    code_hashes: &[String],
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM recovery_codes WHERE account_id = $1")
        .bind(account_id)
        .execute(&mut **tx)
        .await?;
    for hash in code_hashes {
        sqlx::query(
            "INSERT INTO recovery_codes (account_id, code_hash, created_at) VALUES ($1, $2, $3)",
        )
        .bind(account_id)
        .bind(hash)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

#[async_trait]
impl SecondFactorStore for Backend {
    async fn second_factor(
        &self,
        account_id: &str,
    ) -> Result<Option<SecondFactorRecord>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT account_id, totp_secret, created_at, confirmed_at, last_step, failures,
                    locked_until
             FROM second_factors WHERE account_id = $1",
        )
        .bind(account_id)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn begin_second_factor(
        &self,
        account_id: &str,
        sealed_secret: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let stored = sqlx::query(
            "INSERT INTO second_factors (account_id, totp_secret, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (account_id) DO UPDATE
             SET totp_secret = excluded.totp_secret, created_at = excluded.created_at,
                 failures = 0
             WHERE second_factors.confirmed_at IS NULL",
        )
        .bind(account_id)
        .bind(sealed_secret)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(stored.rows_affected() == 1)
    }

    async fn confirm_second_factor(
        &self,
        account_id: &str,
        step: i64,
        code_hashes: &[String],
        now: i64,
        session_token_hash: &str,
        change: FactorChange<'_>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let confirmed = sqlx::query(
            "UPDATE second_factors SET confirmed_at = $2, last_step = $3, failures = 0
             WHERE account_id = $1 AND confirmed_at IS NULL",
        )
        .bind(account_id)
        .bind(now)
        .bind(step)
        .execute(&mut *tx)
        .await?;
        if confirmed.rows_affected() == 0 {
            return Ok(false);
        }
        insert_codes(&mut tx, account_id, code_hashes, now).await?;
        sqlx::query(
            "UPDATE sessions SET second_step_at = $3 WHERE account_id = $1 AND token_hash = $2",
        )
        .bind(account_id)
        .bind(session_token_hash)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        for statement in [
            "DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2",
            "DELETE FROM pending_sign_ins WHERE account_id = $1 AND token_hash <> $2",
        ] {
            sqlx::query(statement)
                .bind(account_id)
                .bind(session_token_hash)
                .execute(&mut *tx)
                .await?;
        }
        record_change(tx, change).await?;
        Ok(true)
    }

    async fn accept_totp_step(
        &self,
        account_id: &str,
        step: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        let accepted = sqlx::query(
            "UPDATE second_factors SET last_step = $2, failures = 0
             WHERE account_id = $1 AND confirmed_at IS NOT NULL AND last_step < $2
               AND locked_until <= $3",
        )
        .bind(account_id)
        .bind(step)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(accepted.rows_affected() == 1)
    }

    async fn use_recovery_code(
        &self,
        account_id: &str,
        code_hash: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let open = sqlx::query(
            "UPDATE second_factors SET failures = 0
             WHERE account_id = $1 AND confirmed_at IS NOT NULL AND locked_until <= $2",
        )
        .bind(account_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if open.rows_affected() == 0 {
            return Ok(false);
        }
        let used = sqlx::query(
            "UPDATE recovery_codes SET used_at = $3
             WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL",
        )
        .bind(account_id)
        .bind(code_hash)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if used.rows_affected() == 0 {
            // The wrong code is counted by the caller; the count is left as it was.
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn reserve_code_try(
        &self,
        account_id: &str,
        max: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        let reserved = sqlx::query(
            "UPDATE second_factors SET failures = failures + 1
             WHERE account_id = $1 AND locked_until <= $2 AND failures < $3",
        )
        .bind(account_id)
        .bind(now)
        .bind(max)
        .execute(&self.pool)
        .await?;
        Ok(reserved.rows_affected() == 1)
    }

    async fn record_wrong_code(
        &self,
        account_id: &str,
        max: i64,
        locked_until: i64,
        mail: &NewMail,
    ) -> Result<WrongCode, StoreError> {
        let mut tx = self.pool.begin().await?;
        let locked = sqlx::query(
            "UPDATE second_factors SET failures = 0, locked_until = $2
             WHERE account_id = $1 AND failures >= $3",
        )
        .bind(account_id)
        .bind(locked_until)
        .bind(max)
        .execute(&mut *tx)
        .await?;
        if locked.rows_affected() == 0 {
            tx.commit().await?;
            return Ok(WrongCode::Counted);
        }
        let now = crate::store::now_millis();
        queue_mail(&mut tx, mail, now, MailLink::None, None).await?;
        tx.commit().await?;
        Ok(WrongCode::Locked(locked_until))
    }

    async fn replace_recovery_codes(
        &self,
        account_id: &str,
        code_hashes: &[String],
        now: i64,
        change: FactorChange<'_>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_codes(&mut tx, account_id, code_hashes, now).await?;
        record_change(tx, change).await
    }

    async fn recovery_codes_left(&self, account_id: &str) -> Result<i64, StoreError> {
        let (count,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM recovery_codes WHERE account_id = $1 AND used_at IS NULL",
        )
        .bind(account_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(count)
    }

    async fn remove_second_factor(
        &self,
        account_id: &str,
        end_sessions: bool,
        change: FactorChange<'_>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let removed = sqlx::query(
            "DELETE FROM second_factors WHERE account_id = $1 AND confirmed_at IS NOT NULL",
        )
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
        if removed.rows_affected() == 0 {
            return Ok(false);
        }
        // Security keys are a second factor beside the app and go with it; an admin's reset
        // (a lost phone, which may hold the passkeys) takes the passkeys too.
        let mut statements = vec![
            "DELETE FROM recovery_codes WHERE account_id = $1",
            "DELETE FROM passkeys WHERE account_id = $1 AND kind = 'security-key'",
        ];
        if end_sessions {
            statements.push("DELETE FROM passkeys WHERE account_id = $1");
            statements.push("DELETE FROM sessions WHERE account_id = $1");
            statements.push("DELETE FROM pending_sign_ins WHERE account_id = $1");
        }
        for statement in statements {
            sqlx::query(statement)
                .bind(account_id)
                .execute(&mut *tx)
                .await?;
        }
        record_change(tx, change).await?;
        Ok(true)
    }

    async fn accounts_with_second_factor(&self) -> Result<i64, StoreError> {
        let (count,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM second_factors WHERE confirmed_at IS NOT NULL")
                .fetch_one(&self.pool)
                .await?;
        Ok(count)
    }
}
