//! The rules of Google sign-in: which account a Google identity opens, linking it to an
//! account of the same email, and the profile record it creates.

use super::client::GoogleIdentity;
use crate::{
    accounts::{
        domain::{DisplayName, Email},
        error::AccountError,
        session::{
            second_step::sign_in,
            service::{Device, SignedIn, user_of},
        },
        tokens::new_uid,
    },
    store::{Account, Profile, SharedStore, StoreError, now_millis},
};

/// Signs in with a Google identity the provider has vouched for.
///
/// The account is found by Google's subject, else by email, which is linked only when Google
/// says it is verified. An account whose email was verified keeps its password and sessions:
/// its owner proved the address. Otherwise linking removes any password and ends every session
/// of that account: whoever registered the email with a password never proved they own it, so
/// they must not keep access (no account pre-hijacking); the address is then verified, as
/// Google vouched for it. The profile record is created when it is missing.
pub async fn sign_in_with_google(
    store: &SharedStore,
    identity: GoogleIdentity,
    device: Device,
) -> Result<SignedIn, AccountError> {
    let account = match store.account_by_google_sub(&identity.sub).await? {
        Some(account) if account.disabled_at.is_some() => return Err(AccountError::Disabled),
        Some(account) => vouched_by_google(store, account, &identity).await?,
        None => link_or_create_google_account(store, &identity).await?,
    };
    let profile = google_profile(&account, &identity);
    if store.create_profile_if_missing(&profile).await? {
        tracing::info!(uid = %account.id, "profile record created at Google sign-in");
    }
    let user = user_of(store, &account).await?;
    sign_in(store, user, false, device).await
}

/// An account linked to Google before addresses were verified counts as verified once Google
/// vouches again for the address it still has.
async fn vouched_by_google(
    store: &SharedStore,
    account: Account,
    identity: &GoogleIdentity,
) -> Result<Account, AccountError> {
    let google_email = identity.email.as_deref().and_then(|e| Email::parse(e).ok());
    let vouched = identity.email_verified
        && google_email.is_some_and(|email| email.key() == account.email_key);
    if account.email_verified_at.is_some() || !vouched {
        return Ok(account);
    }
    let now = now_millis();
    store.mark_email_verified(&account.id, now).await?;
    Ok(Account {
        email_verified_at: Some(now),
        ..account
    })
}

async fn link_or_create_google_account(
    store: &SharedStore,
    identity: &GoogleIdentity,
) -> Result<Account, AccountError> {
    let email = identity
        .email
        .as_deref()
        .and_then(|email| Email::parse(email).ok())
        .filter(|_| identity.email_verified)
        .ok_or(AccountError::GoogleEmailUnverified)?;
    let now = now_millis();
    if let Some(existing) = store.account_by_email(email.key()).await? {
        if existing.disabled_at.is_some() {
            return Err(AccountError::Disabled);
        }
        let google_sub = Some(identity.sub.clone());
        if existing.email_verified_at.is_some() {
            store
                .link_google_keeping_access(&existing.id, &identity.sub)
                .await?;
            tracing::info!(uid = %existing.id, event = "google-linked", "Google account linked; password and sessions kept");
            return Ok(Account {
                google_sub,
                ..existing
            });
        }
        let linked = store
            .link_google_ending_access(&existing.id, email.key(), &identity.sub, now)
            .await?;
        if !linked {
            // The account moved to another address meanwhile; a new try finds the right one.
            return Err(StoreError::Conflict.into());
        }
        tracing::info!(uid = %existing.id, event = "google-linked", "Google account linked; password removed, email verified");
        return Ok(Account {
            google_sub,
            password_hash: None,
            email_verified_at: Some(now),
            ..existing
        });
    }
    let account = Account {
        id: new_uid(),
        email_key: email.key().to_owned(),
        password_hash: None,
        google_sub: Some(identity.sub.clone()),
        created_at: now,
        email_verified_at: Some(now),
        disabled_at: None,
    };
    let profile = google_profile(&account, identity);
    store.create_account(&account, &profile).await?;
    Ok(account)
}

fn google_profile(account: &Account, identity: &GoogleIdentity) -> Profile {
    Profile {
        id: account.id.clone(),
        display_name: identity
            .name
            .as_deref()
            .and_then(|name| DisplayName::parse(name).ok())
            .map(|name| name.as_str().to_owned()),
        email: identity
            .email
            .clone()
            .unwrap_or_else(|| account.email_key.clone()),
        mobile: None,
        extra: serde_json::Map::new(),
        created_at: now_millis(),
    }
}
