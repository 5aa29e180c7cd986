//! The account page: profile, password, sessions, deletion and the data download. Compiled into
//! both backends as part of `store/sql/`: `super` is that module, and through it the backend's
//! `Backend` and `dialect`.

use async_trait::async_trait;

use super::{
    Backend,
    dialect::{BYTE_ORDER, JSON_TO_TEXT, begin_admin_change},
    progress::lesson_marks,
    queue_mail,
    roles::is_last_admin,
};
use crate::store::{
    account_settings::{AccountDeletion, AccountSettingsStore, AllProgress, PassRow},
    accounts::SessionRecord,
    contact::{MailLink, NewMail},
    error::StoreError,
    progress::{SAVED_FILE_COLUMNS, SavedFile, SavedFileRow},
};

#[async_trait]
impl AccountSettingsStore for Backend {
    async fn update_profile(
        &self,
        account_id: &str,
        display_name: &str,
        mobile: Option<&str>,
    ) -> Result<bool, StoreError> {
        let result = sqlx::query("UPDATE users SET display_name = $1, mobile = $2 WHERE id = $3")
            .bind(display_name)
            .bind(mobile)
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected() == 1)
    }

    async fn change_password(
        &self,
        account_id: &str,
        password_hash: &str,
        keep_token_hash: &str,
        mail: &NewMail,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let updated = sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        if updated.rows_affected() == 0 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2")
            .bind(account_id)
            .bind(keep_token_hash)
            .execute(&mut *tx)
            .await?;
        queue_mail(&mut tx, mail, now, MailLink::None, None).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn live_sessions(
        &self,
        account_id: &str,
        now: i64,
        seen_after: i64,
    ) -> Result<Vec<SessionRecord>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT public_id, account_id, remember, user_agent, created_at, last_seen_at, expires_at,
                    identity_confirmed_at, second_step_at
             FROM sessions WHERE account_id = $1 AND expires_at > $2 AND last_seen_at > $3
             ORDER BY last_seen_at DESC, created_at DESC",
        )
        .bind(account_id)
        .bind(now)
        .bind(seen_after)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn end_session(&self, account_id: &str, public_id: &str) -> Result<bool, StoreError> {
        let result = sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND public_id = $2")
            .bind(account_id)
            .bind(public_id)
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected() > 0)
    }

    async fn end_other_sessions(
        &self,
        account_id: &str,
        keep_token_hash: &str,
    ) -> Result<u64, StoreError> {
        let result = sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2")
            .bind(account_id)
            .bind(keep_token_hash)
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected())
    }

    async fn delete_account(
        &self,
        account_id: &str,
        mail: &NewMail,
        now: i64,
    ) -> Result<AccountDeletion, StoreError> {
        let mut tx = begin_admin_change(&self.pool).await?;
        if is_last_admin(&mut tx, account_id).await? {
            return Ok(AccountDeletion::LastAdmin);
        }
        // Every table that names an account cascades (see the migrations); failed logins and
        // device cookies are kept by email, so they are deleted here.
        let deleted: Option<(String,)> =
            sqlx::query_as("DELETE FROM accounts WHERE id = $1 RETURNING email_key")
                .bind(account_id)
                .fetch_optional(&mut *tx)
                .await?;
        let Some((email_key,)) = deleted else {
            return Ok(AccountDeletion::NotFound);
        };
        sqlx::query("DELETE FROM login_failures WHERE email_key = $1")
            .bind(&email_key)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sign_in_devices WHERE email_key = $1")
            .bind(&email_key)
            .execute(&mut *tx)
            .await?;
        queue_mail(&mut tx, mail, now, MailLink::None, None).await?;
        tx.commit().await?;
        Ok(AccountDeletion::Deleted)
    }

    async fn all_progress(&self, account_id: &str) -> Result<AllProgress, StoreError> {
        let lessons = lesson_marks(&self.pool, account_id).await?;
        let passes: Vec<PassRow> = sqlx::query_as(&format!(
            "SELECT challenge, passed_at, files{JSON_TO_TEXT} AS files FROM challenge_passes
             WHERE account_id = $1 ORDER BY challenge {BYTE_ORDER}"
        ))
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        let files: Vec<SavedFileRow> = sqlx::query_as(&format!(
            "SELECT {SAVED_FILE_COLUMNS} FROM saved_files WHERE account_id = $1
             ORDER BY lesson {BYTE_ORDER}, demo {BYTE_ORDER}, file {BYTE_ORDER}"
        ))
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(AllProgress {
            lessons,
            passes: passes.into_iter().map(Into::into).collect(),
            files: files.into_iter().map(SavedFile::from).collect(),
        })
    }
}
