//! Accounts, profiles, sessions, failed logins and pending Google sign-ins. Compiled into both
//! backends as part of `store/sql/`: `super` is that module, and through it the backend's
//! `Backend` and `dialect`.

use async_trait::async_trait;

use super::{
    Backend, Db,
    dialect::{JSON_TO_TEXT, MERGE_EXTRA, TEXT_TO_JSON},
};
use crate::store::{
    accounts::{
        Account, AccountStore, DEVICE_COOKIE_LIFETIME_MS, NewSession, OidcFlow, Profile,
        ProfileRow, SessionRecord, extra_json,
    },
    error::StoreError,
};

#[async_trait]
impl AccountStore for Backend {
    async fn create_account(&self, account: &Account, profile: &Profile) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO accounts (id, email_key, password_hash, google_sub, created_at, email_verified_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&account.id)
        .bind(&account.email_key)
        .bind(&account.password_hash)
        .bind(&account.google_sub)
        .bind(account.created_at)
        .bind(account.email_verified_at)
        .execute(&mut *tx)
        .await?;
        insert_profile(&mut *tx, &account.id, profile).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn account(&self, id: &str) -> Result<Option<Account>, StoreError> {
        Ok(sqlx::query_as("SELECT * FROM accounts WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?)
    }

    async fn account_by_email(&self, email_key: &str) -> Result<Option<Account>, StoreError> {
        Ok(
            sqlx::query_as("SELECT * FROM accounts WHERE email_key = $1")
                .bind(email_key)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    async fn account_by_google_sub(&self, sub: &str) -> Result<Option<Account>, StoreError> {
        Ok(
            sqlx::query_as("SELECT * FROM accounts WHERE google_sub = $1")
                .bind(sub)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    async fn profile(&self, id: &str) -> Result<Option<Profile>, StoreError> {
        let row: Option<ProfileRow> = sqlx::query_as(&format!(
            "SELECT id, display_name, email, mobile, extra{JSON_TO_TEXT} AS extra, created_at
             FROM users WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(Profile::from))
    }

    async fn create_profile_if_missing(&self, profile: &Profile) -> Result<bool, StoreError> {
        Ok(insert_profile(&self.pool, &profile.id, profile).await? == 1)
    }

    async fn merge_profile_extra(
        &self,
        id: &str,
        extra: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<bool, StoreError> {
        let result = sqlx::query(&format!(
            "UPDATE users SET extra = {MERGE_EXTRA} WHERE id = $2"
        ))
        .bind(extra_json(extra))
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() == 1)
    }

    async fn create_session(&self, session: &NewSession) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        // In the statement itself, so that a session cannot slip in after an admin disabled
        // the account (which ends its sessions).
        let created = sqlx::query(
            "INSERT INTO sessions (token_hash, public_id, account_id, remember, user_agent, created_at, last_seen_at, expires_at, second_step_at)
             SELECT $1, $2, $3, $4, $5, $6, $6, $7, $8
             WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE id = $3 AND disabled_at IS NOT NULL)",
        )
        .bind(&session.token_hash)
        .bind(&session.public_id)
        .bind(&session.account_id)
        .bind(session.remember)
        .bind(&session.user_agent)
        .bind(session.created_at)
        .bind(session.expires_at)
        .bind(session.second_step_at)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
        if created {
            sqlx::query("UPDATE accounts SET last_active_at = $1 WHERE id = $2")
                .bind(session.created_at)
                .bind(&session.account_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(created)
    }

    async fn session(&self, token_hash: &str) -> Result<Option<SessionRecord>, StoreError> {
        // A disabled account's sessions open nothing, even one that a sign-in racing the
        // admin's Disable made after its sessions were ended.
        Ok(sqlx::query_as(
            "SELECT s.public_id, s.account_id, s.remember, s.user_agent, s.created_at,
                    s.last_seen_at, s.expires_at, s.identity_confirmed_at, s.second_step_at,
                    EXISTS (SELECT 1 FROM second_factors f
                            WHERE f.account_id = s.account_id AND f.confirmed_at IS NOT NULL)
                        AS account_has_factor
             FROM sessions s JOIN accounts a ON a.id = s.account_id
             WHERE s.token_hash = $1 AND a.disabled_at IS NULL",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn touch_session(&self, token_hash: &str, now: i64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2")
            .bind(now)
            .bind(token_hash)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE accounts SET last_active_at = $1
             WHERE id = (SELECT account_id FROM sessions WHERE token_hash = $2)",
        )
        .bind(now)
        .bind(token_hash)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn record_login_failure(
        &self,
        email_key: &str,
        client: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO login_failures (email_key, client, failed_at) VALUES ($1, $2, $3)",
        )
        .bind(email_key)
        .bind(client)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn login_failures_since(
        &self,
        email_key: &str,
        client: &str,
        since: i64,
    ) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT failed_at FROM login_failures
             WHERE email_key = $1 AND client = $2 AND failed_at >= $3
             ORDER BY failed_at",
        )
        .bind(email_key)
        .bind(client)
        .bind(since)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn clear_login_failures(&self, email_key: &str, client: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM login_failures WHERE email_key = $1 AND client = $2")
            .bind(email_key)
            .bind(client)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn remember_device(
        &self,
        token_hash: &str,
        email_key: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO sign_in_devices (token_hash, email_key, issued_at) VALUES ($1, $2, $3)
             ON CONFLICT (token_hash) DO NOTHING",
        )
        .bind(token_hash)
        .bind(email_key)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn is_device_of(
        &self,
        token_hash: &str,
        email_key: &str,
        since: i64,
    ) -> Result<bool, StoreError> {
        let found: Option<(String,)> = sqlx::query_as(
            "SELECT token_hash FROM sign_in_devices
             WHERE token_hash = $1 AND email_key = $2 AND issued_at >= $3",
        )
        .bind(token_hash)
        .bind(email_key)
        .bind(since)
        .fetch_optional(&self.pool)
        .await?;
        Ok(found.is_some())
    }

    async fn save_oidc_flow(&self, flow: &OidcFlow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO oidc_flows (state, nonce, pkce_verifier, return_to, popup, created_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&flow.state)
        .bind(&flow.nonce)
        .bind(&flow.pkce_verifier)
        .bind(&flow.return_to)
        .bind(flow.popup)
        .bind(flow.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn take_oidc_flow(&self, state: &str) -> Result<Option<OidcFlow>, StoreError> {
        Ok(
            sqlx::query_as("DELETE FROM oidc_flows WHERE state = $1 RETURNING *")
                .bind(state)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    async fn purge_expired(
        &self,
        now: i64,
        flows_before: i64,
        failures_before: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
            .bind(now)
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM oidc_flows WHERE created_at < $1")
            .bind(flows_before)
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM login_failures WHERE failed_at < $1")
            .bind(failures_before)
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM sign_in_devices WHERE issued_at < $1")
            .bind(now - DEVICE_COOKIE_LIFETIME_MS)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// Stores `profile` as the profile record of the account `id` unless it has one. Returns how
/// many rows it inserted.
async fn insert_profile<'e>(
    executor: impl sqlx::Executor<'e, Database = Db>,
    id: &str,
    profile: &Profile,
) -> Result<u64, StoreError> {
    let result = sqlx::query(&format!(
        "INSERT INTO users (id, display_name, email, mobile, extra, created_at)
         VALUES ($1, $2, $3, $4, $5{TEXT_TO_JSON}, $6) ON CONFLICT (id) DO NOTHING"
    ))
    .bind(id)
    .bind(&profile.display_name)
    .bind(&profile.email)
    .bind(&profile.mobile)
    .bind(extra_json(&profile.extra))
    .bind(profile.created_at)
    .execute(executor)
    .await?;
    Ok(result.rows_affected())
}
