//! The limits routes answer with 429 and `Retry-After`: the per-IP limit on sign-in attempts,
//! the per-account limit on sensitive changes, and [`within`] for any other limit.

use std::{hash::Hash, net::IpAddr, time::Duration};

use super::{error::ApiError, state::AppState};
use crate::rate_limit::{KeyLimiter, retry_after_secs};

/// An account may make this many sensitive changes at once, then one more every
/// [`SENSITIVE_CHANGES_REFILL`]: plenty for a person, little for a script with a stolen session.
pub const SENSITIVE_CHANGES_BURST: u32 = 10;
pub const SENSITIVE_CHANGES_REFILL: Duration = Duration::from_secs(90);

/// The connection's limit on password reset requests, email links and the account page's
/// sensitive changes (sign-ins count their failures instead, see [`count_failed_sign_in`]).
pub fn limit_per_ip(state: &AppState, client: IpAddr) -> Result<(), ApiError> {
    within(
        &state.auth_limiter,
        &client.into(),
        "too-many-requests",
        |wait| format!("Too many attempts from your connection. Try again in {wait}."),
    )
}

/// The connection's bound on sign-in requests, right or wrong: far above a lab's class signing
/// in at once, it bounds the work (a password hash each) that one address can make.
pub fn limit_sign_ins(state: &AppState, client: IpAddr) -> Result<(), ApiError> {
    within(
        &state.sign_in_limiter,
        &client.into(),
        "too-many-requests",
        |wait| format!("Too many sign-ins from your connection. Try again in {wait}."),
    )
}

/// When the connection's allowance of failed logins is spent: how many seconds until it may
/// fail once more. Looking costs nothing; [`count_failed_sign_in`] spends it.
pub fn failed_sign_ins_spent(state: &AppState, client: IpAddr) -> Option<u64> {
    state
        .failed_sign_ins
        .spent(&client.into())
        .map(retry_after_secs)
}

/// Counts a failed login against the connection, and logs the moment its allowance is spent
/// (a stranger guessing from one address, or a class that mistyped a lot).
pub fn count_failed_sign_in(state: &AppState, client: IpAddr) {
    state.failed_sign_ins.count(&client.into());
    if failed_sign_ins_spent(state, client).is_some() {
        tracing::warn!(%client, "failed logins from one address: only known browsers may try now");
    }
}

/// The connection's daily allowance of new accounts, beside its bound on sign-in requests:
/// each account has its own storage budget, so one person must not open hundreds.
pub fn limit_registrations(state: &AppState, client: IpAddr) -> Result<(), ApiError> {
    limit_sign_ins(state, client)?;
    within(
        &state.registration_limiter,
        &client.into(),
        "too-many-registrations",
        |wait| {
            format!(
                "Many accounts were opened from your connection today. Try again in {wait}, or ask the college office."
            )
        },
    )
}

/// The limits on a sensitive change (email, password, deletion, ending sessions): the sign-in
/// limit of the connection, and the account's own, so neither many addresses nor one busy
/// address can hammer one account.
pub fn limit_sensitive(state: &AppState, client: IpAddr, account_id: &str) -> Result<(), ApiError> {
    limit_per_ip(state, client)?;
    within(
        &state.account_limiter,
        &account_id.to_owned(),
        "too-many-changes",
        |wait| format!("Too many changes to this account in a short time. Try again in {wait}."),
    )
}

/// Takes one from `key`'s allowance, or answers 429 `code` with `Retry-After` and the message
/// `say` makes of the wait in words ("40 seconds").
pub fn within<K: Hash + Eq + Clone>(
    limiter: &KeyLimiter<K>,
    key: &K,
    code: &'static str,
    say: impl FnOnce(&str) -> String,
) -> Result<(), ApiError> {
    limiter.check(key).map_err(|wait| {
        let seconds = retry_after_secs(wait);
        ApiError::too_many(code, say(&describe_wait(seconds)), seconds)
    })
}

/// A wait in words: "1 second", "40 seconds", "3 minutes".
pub fn describe_wait(seconds: u64) -> String {
    match seconds {
        0..=1 => "1 second".to_owned(),
        2..=90 => format!("{seconds} seconds"),
        _ => format!("{} minutes", seconds.div_ceil(60)),
    }
}
