//! A WebAuthn ceremony's state, kept server-side between the challenge sent to the browser and
//! its answer (the library's rule: a state the client could replay or forge would weaken it).
//! The browser holds only a random token; the row is taken when the answer comes, so an
//! answer works once, and expires in a few minutes.

use serde::{Serialize, de::DeserializeOwned};

use crate::{
    accounts::{
        error::AccountError,
        time::MINUTE_MS,
        tokens::{random_token, token_hash},
    },
    store::{PasskeyCeremony, SharedStore, now_millis},
};

/// How long a challenge waits for its answer (the browser's own timeout is 5 minutes).
pub const CEREMONY_MS: i64 = 6 * MINUTE_MS;

/// What a ceremony is for; an answer is taken only for the purpose it was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Adding a passkey or security key to a signed-in account.
    Add,
    /// Signing in with a passkey alone, before anyone is known.
    SignIn,
    /// The second step of a sign-in whose first step is done.
    SecondStep,
}

impl Purpose {
    fn name(self) -> &'static str {
        match self {
            Purpose::Add => "add",
            Purpose::SignIn => "sign-in",
            Purpose::SecondStep => "second-step",
        }
    }
}

/// Keeps `state` and returns the token the browser sends back with its answer.
pub async fn keep(
    store: &SharedStore,
    account_id: Option<&str>,
    purpose: Purpose,
    state: &impl Serialize,
) -> Result<String, AccountError> {
    let token = random_token();
    let state = serde_json::to_string(state).map_err(|_| AccountError::PasskeyFailed)?;
    store
        .create_passkey_ceremony(&PasskeyCeremony {
            token_hash: token_hash(&token),
            account_id: account_id.map(str::to_owned),
            purpose: purpose.name().to_owned(),
            state,
            expires_at: now_millis() + CEREMONY_MS,
        })
        .await?;
    Ok(token)
}

/// Takes the ceremony of `token` for `purpose`, which must be `account_id`'s (or no one's).
pub async fn take<T: DeserializeOwned>(
    store: &SharedStore,
    token: &str,
    purpose: Purpose,
    account_id: Option<&str>,
) -> Result<T, AccountError> {
    if token.is_empty() || token.len() > 128 {
        return Err(AccountError::PasskeyExpired);
    }
    let ceremony = store
        .take_passkey_ceremony(&token_hash(token), purpose.name(), now_millis())
        .await?
        .filter(|ceremony| ceremony.account_id.as_deref() == account_id)
        .ok_or(AccountError::PasskeyExpired)?;
    serde_json::from_str(&ceremony.state).map_err(|_| AccountError::PasskeyExpired)
}
