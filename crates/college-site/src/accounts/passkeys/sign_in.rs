//! Signing in with passkeys: a passkey alone (it checked its user, so it is both factors), and
//! a passkey or security key as the second step after a password or Google.

use webauthn_rs::{
    Webauthn,
    prelude::{
        AuthenticationResult, Credential, DiscoverableAuthentication, Passkey, PublicKeyCredential,
        SecurityKey, SecurityKeyAuthentication,
    },
};

use super::{
    ceremony::{self, Purpose},
    service::{Challenge, Kind, credential_id_text, credential_of},
};
use crate::{
    accounts::error::AccountError,
    store::{Account, PasskeyRecord, SharedStore, now_millis},
};

fn failed(error: impl std::fmt::Display) -> AccountError {
    tracing::info!(%error, "a passkey's answer was refused");
    AccountError::PasskeyFailed
}

/// Asks the browser for any passkey of this site, before anyone is named.
pub async fn begin_sign_in(store: &SharedStore, rp: &Webauthn) -> Result<Challenge, AccountError> {
    let (options, state) = rp.start_discoverable_authentication().map_err(failed)?;
    let mut options = serde_json::to_value(&options).map_err(failed)?;
    // The library asks for the browser's autofill ("conditional") prompt; this sign-in starts
    // from a button, which wants the browser's own dialog.
    if let Some(options) = options.as_object_mut() {
        options.remove("mediation");
    }
    let token = ceremony::keep(store, None, Purpose::SignIn, &state).await?;
    Ok(Challenge { token, options })
}

/// Checks a passkey's answer: the account it signs in to, and whether the passkey was added
/// by a session that passed the second step (else it is a first step only where the account
/// must have a factor).
pub async fn finish_sign_in(
    store: &SharedStore,
    rp: &Webauthn,
    token: &str,
    answer: &PublicKeyCredential,
) -> Result<(Account, bool), AccountError> {
    let state: DiscoverableAuthentication =
        ceremony::take(store, token, Purpose::SignIn, None).await?;
    let (handle, credential_id) = rp
        .identify_discoverable_authentication(answer)
        .map_err(|_| AccountError::PasskeyUnknown)?;
    // Only a passkey signs in alone; a security key is a second step.
    let passkey = store
        .passkey_by_credential_id(&credential_id_text(credential_id))
        .await?
        .filter(|passkey| {
            passkey.kind == Kind::Passkey.name() && passkey.user_handle == handle.to_string()
        })
        .ok_or(AccountError::PasskeyUnknown)?;
    let credential = credential_of(&passkey)?;
    let result = rp
        .finish_discoverable_authentication_v2(answer, state, &credential)
        .map_err(failed)?;
    record_use(store, &passkey, credential, &result).await?;
    let account = store
        .account(&passkey.account_id)
        .await?
        .ok_or(AccountError::PasskeyUnknown)?;
    Ok((account, passkey.with_second_step))
}

/// Asks the browser for one of the account's passkeys or security keys, as a second step.
pub async fn begin_second_step(
    store: &SharedStore,
    rp: &Webauthn,
    account_id: &str,
) -> Result<Challenge, AccountError> {
    let keys = second_step_keys(store, account_id)
        .await?
        .iter()
        .filter_map(|passkey| credential_of(passkey).ok())
        .map(SecurityKey::from)
        .collect::<Vec<_>>();
    if keys.is_empty() {
        return Err(AccountError::PasskeyNotFound);
    }
    let (options, state) = rp.start_securitykey_authentication(&keys).map_err(failed)?;
    let mut options = serde_json::to_value(&options).map_err(failed)?;
    // The library hints "security key", which makes a browser go straight to a USB key; the
    // account's passkeys (on this phone, in a password manager) may answer this step too.
    if let Some(public_key) = options
        .get_mut("publicKey")
        .and_then(|key| key.as_object_mut())
    {
        public_key.remove("hints");
    }
    let token = ceremony::keep(store, Some(account_id), Purpose::SecondStep, &state).await?;
    Ok(Challenge { token, options })
}

/// Checks the answer of one of the account's passkeys or security keys.
pub async fn finish_second_step(
    store: &SharedStore,
    rp: &Webauthn,
    account_id: &str,
    token: &str,
    answer: &PublicKeyCredential,
) -> Result<(), AccountError> {
    let state: SecurityKeyAuthentication =
        ceremony::take(store, token, Purpose::SecondStep, Some(account_id)).await?;
    let passkey = store
        .passkey_by_credential_id(&credential_id_text(answer.get_credential_id()))
        .await?
        .filter(|passkey| passkey.account_id == account_id && passkey.with_second_step)
        .ok_or(AccountError::PasskeyUnknown)?;
    let result = rp
        .finish_securitykey_authentication(answer, &state)
        .map_err(failed)?;
    record_use(store, &passkey, credential_of(&passkey)?, &result).await
}

/// The account's passkeys and security keys that may answer a sign-in's second step: those
/// added by a session that had passed it. One added with the password alone (before the
/// account had a factor) would otherwise let whoever added it past the code.
pub async fn second_step_keys(
    store: &SharedStore,
    account_id: &str,
) -> Result<Vec<PasskeyRecord>, AccountError> {
    let mut keys = store.passkeys_of(account_id).await?;
    keys.retain(|passkey| passkey.with_second_step);
    Ok(keys)
}

/// Keeps the credential's new counter (a lower one would mean a cloned key, which the library
/// refuses) and when it was used.
async fn record_use(
    store: &SharedStore,
    passkey: &PasskeyRecord,
    credential: Credential,
    result: &AuthenticationResult,
) -> Result<(), AccountError> {
    let mut updated = Passkey::from(credential);
    updated.update_credential(result);
    let credential = serde_json::to_string(&Credential::from(updated)).map_err(failed)?;
    store
        .record_passkey_use(&passkey.id, &credential, now_millis())
        .await?;
    Ok(())
}
