//! The rules of second factors: setting up an authenticator app (a key, then a first code),
//! recovery codes, checking a code with its limits, and turning the factor off. The secret is
//! opened only to check a code and is never sent again after set-up.

use lettre::message::Mailbox;
use rand::RngCore;

use super::{
    mails, recovery,
    sealing::SealingKey,
    totp::{self, SECRET_BYTES},
};
use crate::{
    accounts::{
        error::AccountError,
        greeting::account_mail,
        session::service::{ActiveSession, needs_second_factor},
        time::MINUTE_MS,
    },
    config::SecondFactorKey,
    store::{
        Account, Actor, AuditAction, FactorChange, NewAuditEntry, SharedStore, WrongCode,
        now_millis,
    },
};

/// Wrong codes in a row that lock the factor...
pub const MAX_WRONG_CODES: i64 = 5;
/// ...for this long.
pub const LOCK_MS: i64 = 15 * MINUTE_MS;

/// What the account page shows of the factor.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FactorStatus {
    pub on: bool,
    pub since: Option<i64>,
    pub recovery_codes_left: i64,
    /// The account holds a staff role, so it must have a factor.
    pub required: bool,
    /// The server has its key, so a factor can be turned on.
    pub available: bool,
    /// The identity check asks for the password (else for a recent sign-in).
    pub has_password: bool,
}

pub async fn status(
    store: &SharedStore,
    key: Option<&SecondFactorKey>,
    account: &Account,
) -> Result<FactorStatus, AccountError> {
    let account_id = account.id.as_str();
    let factor = store.second_factor(account_id).await?.filter(|f| f.is_on());
    let recovery_codes_left = match factor {
        Some(_) => store.recovery_codes_left(account_id).await?,
        None => 0,
    };
    Ok(FactorStatus {
        on: factor.is_some(),
        since: factor.and_then(|f| f.confirmed_at),
        recovery_codes_left,
        required: needs_second_factor(&store.roles_of(account_id).await?),
        available: key.is_some(),
        has_password: account.password_hash.is_some(),
    })
}

/// A key to type or scan, waiting for its first code.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NewKey {
    /// The key in base32, in groups of four as people type it.
    pub key: String,
    /// The `otpauth://` address the QR code carries.
    pub uri: String,
}

/// Makes a new secret for `account` and keeps it, sealed, until a first code confirms it.
pub async fn begin(
    store: &SharedStore,
    key: Option<&SecondFactorKey>,
    account: &Account,
    issuer: &str,
) -> Result<NewKey, AccountError> {
    let sealing = SealingKey::new(key.ok_or(AccountError::SecondFactorUnavailable)?);
    let mut secret = [0u8; SECRET_BYTES];
    rand::rng().fill_bytes(&mut secret);
    let sealed = sealing.seal(&account.id, &secret);
    if !store
        .begin_second_factor(&account.id, &sealed, now_millis())
        .await?
    {
        return Err(AccountError::SecondFactorAlreadyOn);
    }
    let plain = totp::base32(&secret);
    let grouped = plain
        .as_bytes()
        .chunks(4)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join(" ");
    Ok(NewKey {
        key: grouped,
        uri: totp::otpauth_uri(issuer, &account.email_key, &secret),
    })
}

/// Who made a change, for its audit entry.
pub struct ChangedBy {
    pub actor: Actor,
    pub reply_to: Mailbox,
}

/// Turns the factor on with its first code; returns the recovery codes, shown this once. The
/// session that set it up (`active`) has passed the second step; every other session of the
/// account ends, having proved nothing but the password.
pub async fn confirm(
    store: &SharedStore,
    key: Option<&SecondFactorKey>,
    active: &ActiveSession,
    code: &str,
    by: &ChangedBy,
) -> Result<Vec<String>, AccountError> {
    let account = &active.account;
    let sealing = SealingKey::new(key.ok_or(AccountError::SecondFactorUnavailable)?);
    let factor = store
        .second_factor(&account.id)
        .await?
        .ok_or(AccountError::NothingToConfirm)?;
    if factor.is_on() {
        return Err(AccountError::SecondFactorAlreadyOn);
    }
    let secret = sealing
        .open(&account.id, &factor.totp_secret)
        .map_err(|_| AccountError::SecretDoesNotOpen)?;
    let now = now_millis();
    let step = totp::matching_step(&secret, code, now).ok_or(AccountError::WrongCode)?;
    let codes = recovery::new_codes();
    let hashes = hashes_of(&codes);
    let audit = audit(
        by,
        AuditAction::SecondFactorOn,
        account,
        "two-step sign-in turned on",
        now,
    );
    let mail = account_mail(
        store,
        account,
        &by.reply_to,
        "Two-step sign-in is on",
        mails::turned_on,
    )
    .await?;
    let change = FactorChange {
        audit: &audit,
        mail: &mail,
    };
    if !store
        .confirm_second_factor(&account.id, step, &hashes, now, &active.token_hash, change)
        .await?
    {
        return Err(AccountError::NothingToConfirm);
    }
    Ok(codes)
}

/// Checks a code (from the app, or a recovery code) for an account whose factor is on: each
/// works once, and wrong ones count toward the lock, which mails the owner.
pub async fn check_code(
    store: &SharedStore,
    key: Option<&SecondFactorKey>,
    account: &Account,
    code: &str,
    reply_to: &Mailbox,
) -> Result<(), AccountError> {
    let now = now_millis();
    let factor = store
        .second_factor(&account.id)
        .await?
        .filter(|f| f.is_on())
        .ok_or(AccountError::SecondFactorNotOn)?;
    if factor.locked_until > now {
        return Err(locked(factor.locked_until, now));
    }
    if code.trim().is_empty() {
        return Err(AccountError::CodeRequired);
    }
    // The try is counted before the code is judged, so codes sent at once are judged five at
    // most before the pause.
    if !store
        .reserve_code_try(&account.id, MAX_WRONG_CODES, now)
        .await?
    {
        let until = store
            .second_factor(&account.id)
            .await?
            .map_or(now + LOCK_MS, |f| f.locked_until.max(now + 1000));
        return Err(locked(until, now));
    }
    let accepted = if let Some(hash) = recovery::code_hash(code) {
        store.use_recovery_code(&account.id, &hash, now).await?
    } else {
        let sealing = SealingKey::new(key.ok_or(AccountError::SecondFactorUnavailable)?);
        let secret = sealing
            .open(&account.id, &factor.totp_secret)
            .map_err(|_| AccountError::SecretDoesNotOpen)?;
        match totp::matching_step(&secret, code, now) {
            Some(step) => store.accept_totp_step(&account.id, step, now).await?,
            None => false,
        }
    };
    if accepted {
        return Ok(());
    }
    let until = now + LOCK_MS;
    let mail = account_mail(
        store,
        account,
        reply_to,
        "Sign-in paused after wrong codes",
        |email| mails::paused(email, MAX_WRONG_CODES),
    )
    .await?;
    match store
        .record_wrong_code(&account.id, MAX_WRONG_CODES, until, &mail)
        .await?
    {
        WrongCode::Counted => Err(AccountError::WrongCode),
        WrongCode::Locked(until) => Err(locked(until, now)),
    }
}

/// New recovery codes in place of the old ones; the caller has checked the owner's identity.
pub async fn renew_codes(
    store: &SharedStore,
    account: &Account,
    by: &ChangedBy,
) -> Result<Vec<String>, AccountError> {
    let factor = store.second_factor(&account.id).await?;
    if !factor.is_some_and(|f| f.is_on()) {
        return Err(AccountError::SecondFactorNotOn);
    }
    let now = now_millis();
    let codes = recovery::new_codes();
    let audit = audit(
        by,
        AuditAction::RecoveryCodesRenewed,
        account,
        "new recovery codes",
        now,
    );
    let mail = account_mail(
        store,
        account,
        &by.reply_to,
        "New recovery codes",
        mails::new_codes,
    )
    .await?;
    let change = FactorChange {
        audit: &audit,
        mail: &mail,
    };
    store
        .replace_recovery_codes(&account.id, &hashes_of(&codes), now, change)
        .await?;
    Ok(codes)
}

/// Turns the factor off: by its owner (after the identity check; the owner stays signed in),
/// or by an admin or the command line for a lost phone (every session of the account ends).
pub async fn turn_off(
    store: &SharedStore,
    account: &Account,
    by: &ChangedBy,
    reset_by_someone_else: bool,
) -> Result<(), AccountError> {
    let now = now_millis();
    let (action, what, text): (_, _, fn(&str) -> String) = if reset_by_someone_else {
        (
            AuditAction::SecondFactorReset,
            "two-step sign-in reset",
            mails::reset_by_admin,
        )
    } else {
        (
            AuditAction::SecondFactorOff,
            "two-step sign-in turned off",
            mails::turned_off,
        )
    };
    let audit = audit(by, action, account, what, now);
    let mail = account_mail(
        store,
        account,
        &by.reply_to,
        "Two-step sign-in is off",
        text,
    )
    .await?;
    let change = FactorChange {
        audit: &audit,
        mail: &mail,
    };
    if !store
        .remove_second_factor(&account.id, reset_by_someone_else, change)
        .await?
    {
        return Err(AccountError::SecondFactorNotOn);
    }
    Ok(())
}

fn hashes_of(codes: &[String]) -> Vec<String> {
    codes
        .iter()
        .filter_map(|code| recovery::code_hash(code))
        .collect()
}

fn locked(until: i64, now: i64) -> AccountError {
    AccountError::CodesLocked {
        retry_after_secs: u64::try_from((until - now).div_euclid(1000) + 1).unwrap_or(1),
    }
}

pub(crate) fn audit(
    by: &ChangedBy,
    action: AuditAction,
    account: &Account,
    what: &str,
    at: i64,
) -> NewAuditEntry {
    NewAuditEntry {
        at,
        actor: by.actor.clone(),
        action,
        target_email: Some(account.email_key.clone()),
        target: format!("{what} for {}", account.email_key),
    }
}
