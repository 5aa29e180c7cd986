//! What the account page changes and reads: the profile, the password, the sessions, the whole
//! account (deleted), and everything kept for it (the data download).

use std::collections::BTreeMap;

use async_trait::async_trait;

use super::{
    accounts::SessionRecord,
    contact::NewMail,
    error::StoreError,
    progress::{ChallengePass, LessonMark, SavedFile},
};

/// Everything an account holds of tutorial progress, for the data download.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllProgress {
    /// Every mark, taken back or not, by lesson.
    pub lessons: Vec<LessonMark>,
    /// Every pass with the code that passed, by challenge.
    pub passes: Vec<ChallengePass>,
    /// Every saved file of every lesson, resets included, with its other version.
    pub files: Vec<SavedFile>,
}

/// What became of an account asked to be deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountDeletion {
    Deleted,
    NotFound,
    /// It is the only enabled admin's: kept, so that someone can still grant roles.
    LastAdmin,
}

#[async_trait]
pub trait AccountSettingsStore {
    /// Sets the profile's name and mobile (`None` clears it). Returns whether the profile
    /// exists.
    async fn update_profile(
        &self,
        account_id: &str,
        display_name: &str,
        mobile: Option<&str>,
    ) -> Result<bool, StoreError>;

    /// In one transaction: sets the password hash, ends every session of the account but the
    /// one whose token hash is `keep_token_hash`, and queues `mail` (due at `now`). Returns
    /// whether the account exists; nothing changes when it does not.
    async fn change_password(
        &self,
        account_id: &str,
        password_hash: &str,
        keep_token_hash: &str,
        mail: &NewMail,
        now: i64,
    ) -> Result<bool, StoreError>;

    /// The account's sessions that expire after `now` and were used after `seen_after`, the
    /// most recently used first.
    async fn live_sessions(
        &self,
        account_id: &str,
        now: i64,
        seen_after: i64,
    ) -> Result<Vec<SessionRecord>, StoreError>;

    /// Ends the session named `public_id` if it is one of the account's. Returns whether it
    /// was.
    async fn end_session(&self, account_id: &str, public_id: &str) -> Result<bool, StoreError>;

    /// Ends every session of the account but the one whose token hash is `keep_token_hash`.
    /// Returns how many ended.
    async fn end_other_sessions(
        &self,
        account_id: &str,
        keep_token_hash: &str,
    ) -> Result<u64, StoreError>;

    /// In one transaction: deletes the account (its profile, sessions, links and progress go
    /// with it), forgets its failed logins, and queues `mail` (due at `now`). Nothing changes
    /// and no mail is queued when the account did not exist, or is the last enabled admin's.
    async fn delete_account(
        &self,
        account_id: &str,
        mail: &NewMail,
        now: i64,
    ) -> Result<AccountDeletion, StoreError>;

    /// Every mark, pass and saved file of the account.
    async fn all_progress(&self, account_id: &str) -> Result<AllProgress, StoreError>;
}

/// A pass row as both backends read it: `files` is JSON text.
#[derive(sqlx::FromRow)]
pub(super) struct PassRow {
    pub challenge: String,
    pub passed_at: i64,
    pub files: String,
}

impl From<PassRow> for ChallengePass {
    fn from(row: PassRow) -> Self {
        ChallengePass {
            challenge: row.challenge,
            passed_at: row.passed_at,
            files: serde_json::from_str::<BTreeMap<String, String>>(&row.files).unwrap_or_default(),
        }
    }
}
