//! Second factors: an account's authenticator app and its recovery codes (the sign-ins waiting
//! for a code are in `pending_sign_ins`). Every change the owner or an admin makes is written with its audit entry and the
//! mail that tells the owner, in one transaction.

use async_trait::async_trait;

use super::{audit::NewAuditEntry, contact::NewMail, error::StoreError};

/// An account's authenticator app as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SecondFactorRecord {
    pub account_id: String,
    /// The secret, sealed (see `accounts::second_factor::sealing`).
    pub totp_secret: String,
    pub created_at: i64,
    /// When the owner typed a first code; `None` while the factor is being set up (not on).
    pub confirmed_at: Option<i64>,
    /// The newest time step a code was accepted for.
    pub last_step: i64,
    pub failures: i64,
    /// Every code is refused before this time, after too many wrong ones.
    pub locked_until: i64,
}

impl SecondFactorRecord {
    pub fn is_on(&self) -> bool {
        self.confirmed_at.is_some()
    }
}

/// What a change to a factor records and tells its owner.
#[derive(Debug, Clone)]
pub struct FactorChange<'a> {
    pub audit: &'a NewAuditEntry,
    pub mail: &'a NewMail,
}

/// What a wrong code did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WrongCode {
    /// Counted; more tries are left.
    Counted,
    /// This one reached the limit: the factor is locked until the given time (and the owner's
    /// mail is queued).
    Locked(i64),
}

#[async_trait]
pub trait SecondFactorStore {
    /// The account's factor, on or being set up.
    async fn second_factor(
        &self,
        account_id: &str,
    ) -> Result<Option<SecondFactorRecord>, StoreError>;

    /// Stores a new secret being set up, replacing one that was never confirmed. Returns
    /// false, changing nothing, when the account's factor is already on.
    async fn begin_second_factor(
        &self,
        account_id: &str,
        sealed_secret: &str,
        now: i64,
    ) -> Result<bool, StoreError>;

    /// Turns the factor being set up on, its first code having been of time step `step`: stores
    /// the recovery codes' hashes and the change; marks the session that set it up
    /// (`session_token_hash`) as having passed the second step and ends the account's other
    /// sessions and waiting sign-ins, which never proved the factor. Returns false, changing
    /// nothing, when there is no factor being set up (already on, or never begun).
    async fn confirm_second_factor(
        &self,
        account_id: &str,
        step: i64,
        code_hashes: &[String],
        now: i64,
        session_token_hash: &str,
        change: FactorChange<'_>,
    ) -> Result<bool, StoreError>;

    /// Accepts a code of time step `step` if the factor is on, not locked at `now`, and no code
    /// of that step or a later one was accepted before (a code works once); clears the count
    /// of wrong codes. One statement, so two sign-ins racing with one code cannot both pass.
    async fn accept_totp_step(
        &self,
        account_id: &str,
        step: i64,
        now: i64,
    ) -> Result<bool, StoreError>;

    /// Uses an unused recovery code if the factor is on and not locked at `now`; clears the
    /// count of wrong codes. Returns whether it was accepted.
    async fn use_recovery_code(
        &self,
        account_id: &str,
        code_hash: &str,
        now: i64,
    ) -> Result<bool, StoreError>;

    /// Takes one of the `max` codes in a row the factor may judge before its lock, before the
    /// code is judged: one statement, so a burst of codes at once is judged `max` at most.
    /// False (nothing judged) while the factor is locked at `now` or its tries are taken. A
    /// right code gives the count back (see `accept_totp_step`, `use_recovery_code`).
    async fn reserve_code_try(
        &self,
        account_id: &str,
        max: i64,
        now: i64,
    ) -> Result<bool, StoreError>;

    /// A reserved try was a wrong code: when the tries are used up, locks the factor until
    /// `locked_until`, starts the count again and queues `mail` to the owner (once).
    async fn record_wrong_code(
        &self,
        account_id: &str,
        max: i64,
        locked_until: i64,
        mail: &NewMail,
    ) -> Result<WrongCode, StoreError>;

    /// Replaces the account's recovery codes with new ones (the old stop working).
    async fn replace_recovery_codes(
        &self,
        account_id: &str,
        code_hashes: &[String],
        now: i64,
        change: FactorChange<'_>,
    ) -> Result<(), StoreError>;

    /// Recovery codes of the account not yet used.
    async fn recovery_codes_left(&self, account_id: &str) -> Result<i64, StoreError>;

    /// Removes the account's factor, recovery codes and security keys, and with `end_sessions`
    /// its passkeys and every session and waiting sign-in of it (an admin's reset: whoever
    /// holds the lost phone is signed out). Returns false, changing nothing, when the factor was
    /// not on.
    async fn remove_second_factor(
        &self,
        account_id: &str,
        end_sessions: bool,
        change: FactorChange<'_>,
    ) -> Result<bool, StoreError>;

    /// How many accounts have a factor on (the server refuses to start without its key then).
    async fn accounts_with_second_factor(&self) -> Result<i64, StoreError>;
}
