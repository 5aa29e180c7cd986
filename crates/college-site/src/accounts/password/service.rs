//! The rules of accounts with a password: registration, login with its per-account limit of
//! failed attempts, and the identity check before a sensitive change.

use lettre::message::Mailbox;

use super::hashing::{hash_password, verify_password};
use crate::{
    accounts::{
        domain::{DisplayName, Email, Mobile, Password},
        error::AccountError,
        second_factor::service::check_code,
        session::{
            second_step::{sign_in, undo_sign_in},
            service::{
                ActiveSession, CurrentUser, Device, SecondStep, SignedIn, has_second_factor,
                start_session, user_of,
            },
        },
        time::MINUTE_MS,
        tokens::{new_uid, random_token, token_hash},
    },
    config::{Config, SecondFactorKey},
    store::{
        ANY_CLIENT, Account, DEVICE_COOKIE_LIFETIME_MS, Profile, SharedStore, StoreError,
        now_millis,
    },
};

/// Failed logins are counted over this window...
pub const FAILURE_WINDOW_MS: i64 = 15 * MINUTE_MS;
/// ...and this many within it lock the account until the oldest leaves the window.
pub const MAX_FAILURES: usize = 10;

pub struct Registration<'a> {
    pub display_name: &'a str,
    pub email: &'a str,
    pub password: &'a str,
    pub mobile: &'a str,
}

pub async fn register(
    store: &SharedStore,
    form: Registration<'_>,
    device: Device,
) -> Result<SignedIn, AccountError> {
    let display_name = DisplayName::parse(form.display_name).map_err(AccountError::Invalid)?;
    let email = Email::parse(form.email).map_err(AccountError::Invalid)?;
    let password = Password::new_for(form.password, &email).map_err(AccountError::Invalid)?;
    let mobile = Mobile::parse(form.mobile).map_err(AccountError::Invalid)?;

    // The unique index, not an earlier lookup, decides whether the email is taken, so two
    // registrations racing for one email cannot both succeed.
    let password_hash = hash_password(password).await?;
    let now = now_millis();
    let account = Account {
        id: new_uid(),
        email_key: email.key().to_owned(),
        password_hash: Some(password_hash),
        google_sub: None,
        created_at: now,
        email_verified_at: None,
        disabled_at: None,
    };
    let profile = Profile {
        id: account.id.clone(),
        display_name: Some(display_name.as_str().to_owned()),
        email: email.as_str().to_owned(),
        mobile: Some(mobile.as_str().to_owned()),
        extra: serde_json::Map::new(),
        created_at: now,
    };
    match store.create_account(&account, &profile).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(AccountError::EmailInUse),
        Err(error) => return Err(error.into()),
    }
    let user = CurrentUser {
        uid: account.id.clone(),
        display_name: profile.display_name,
        email: profile.email,
        email_verified: false,
        // A new account holds no role and has no second factor.
        roles: Vec::new(),
        second_factor: false,
        must_set_up_second_factor: false,
    };
    let mut signed_in = start_session(store, user, false, device, SecondStep::NotTaken).await?;
    // The browser that chose the password is its owner's: its failed logins count apart.
    signed_in.device_token = Some(new_device(store, email.key(), now).await?);
    Ok(signed_in)
}

/// Signs in with a password. `address_spent` is the wait when the connection's allowance of
/// failed logins is spent: then only a browser that signed in to this account before (its
/// device cookie) may try, so a stranger guessing from a lab's address stops there while the
/// class's own browsers still sign in.
pub async fn login(
    store: &SharedStore,
    email: &str,
    password: &str,
    remember: bool,
    device: Device,
    address_spent: Option<u64>,
) -> Result<SignedIn, AccountError> {
    let email = Email::parse(email).map_err(AccountError::Invalid)?;
    let Some(password) = Password::for_login(password) else {
        return Err(AccountError::InvalidCredentials);
    };
    let now = now_millis();
    let client = client_of(store, email.key(), &device, now).await?;
    if let (Some(retry_after_secs), true) = (address_spent, client == ANY_CLIENT) {
        return Err(AccountError::AddressLockedOut { retry_after_secs });
    }
    check_not_locked_out(store, email.key(), &client, now).await?;

    let account = store.account_by_email(email.key()).await?;
    let stored_hash = account.as_ref().and_then(|a| a.password_hash.clone());
    let verified = verify_password(password, stored_hash).await;
    let Some(account) = account.filter(|_| verified) else {
        store
            .record_login_failure(email.key(), &client, now)
            .await?;
        return Err(AccountError::InvalidCredentials);
    };
    // Only this client's failures: a stranger's count stays as it is.
    store.clear_login_failures(email.key(), &client).await?;
    let user = user_of(store, &account).await?;
    let mut signed_in = sign_in(store, user, remember, device).await?;
    if client == ANY_CLIENT {
        signed_in.device_token = Some(new_device(store, email.key(), now).await?);
    }
    // A password reset (or a Google link) may have replaced the password while it was being
    // verified; it ended every session, but not this one, made after. Checked after the session
    // exists, so a change committed at any moment is seen here or has deleted the session.
    let current_hash = store
        .account(&account.id)
        .await?
        .and_then(|current| current.password_hash);
    if current_hash != account.password_hash {
        undo_sign_in(store, &signed_in).await?;
        return Err(AccountError::InvalidCredentials);
    }
    Ok(signed_in)
}

/// What a signed-in user gives to prove it is them: the password (when the account has one)
/// and, when the account has a second factor, a code.
pub struct Proof<'a> {
    pub password: Option<&'a str>,
    pub code: Option<&'a str>,
    /// What checking a code needs: the server's key, and where a locked account's mail says
    /// to reply.
    pub key: Option<&'a SecondFactorKey>,
    pub reply_to: &'a Mailbox,
}

impl<'a> Proof<'a> {
    pub fn new(config: &'a Config, password: Option<&'a str>, code: Option<&'a str>) -> Self {
        Self {
            password,
            code,
            key: config.second_factor_key.as_ref(),
            reply_to: &config.contact_inbox,
        }
    }
}

/// Asks a signed-in user to prove it is them before a sensitive change (email, password,
/// deletion, a second factor, an admin's changes): the current password when the account has
/// one, else a recent sign-in; and a code when the account has a second factor. Wrong
/// passwords count as failed logins, and wrong codes toward the factor's lock, so the account
/// page is no way around either limit.
pub async fn confirm_identity(
    store: &SharedStore,
    active: &ActiveSession,
    proof: Proof<'_>,
) -> Result<(), AccountError> {
    confirm_password(store, active, proof.password).await?;
    if has_second_factor(store, &active.account.id).await? {
        let code = proof.code.unwrap_or_default();
        check_code(store, proof.key, &active.account, code, proof.reply_to).await?;
    }
    Ok(())
}

/// The password part of [`confirm_identity`].
async fn confirm_password(
    store: &SharedStore,
    active: &ActiveSession,
    password: Option<&str>,
) -> Result<(), AccountError> {
    let now = now_millis();
    let Some(stored_hash) = active.account.password_hash.clone() else {
        return if active.signed_in_recently(now) {
            Ok(())
        } else {
            Err(AccountError::RecentSignInRequired)
        };
    };
    let email_key = &active.account.email_key;
    // Counted for this session alone: a stranger's failed logins do not stop its owner, and a
    // stolen session gets ten guesses a quarter hour (and the limit on sensitive changes).
    let client = format!("session:{}", active.session.public_id);
    check_not_locked_out(store, email_key, &client, now).await?;
    let Some(password) = password.and_then(Password::for_login) else {
        return Err(AccountError::WrongPassword);
    };
    if verify_password(password, Some(stored_hash)).await {
        Ok(())
    } else {
        store.record_login_failure(email_key, &client, now).await?;
        Err(AccountError::WrongPassword)
    }
}

/// A new device cookie's token for a browser that just proved the password of `email_key`.
async fn new_device(store: &SharedStore, email_key: &str, now: i64) -> Result<String, StoreError> {
    let token = random_token();
    store
        .remember_device(&token_hash(&token), email_key, now)
        .await?;
    Ok(token)
}

/// Whose failed logins a sign-in counts among: a browser that signed in to this account with
/// its password before (its device cookie, OWASP's "device cookies") counts its own; every
/// other client shares one count. So a stranger guessing at an account locks out strangers,
/// and its owner's browser still signs in.
async fn client_of(
    store: &SharedStore,
    email_key: &str,
    device: &Device,
    now: i64,
) -> Result<String, AccountError> {
    if let Some(cookie) = &device.sign_in_cookie {
        let hash = token_hash(cookie);
        if store
            .is_device_of(&hash, email_key, now - DEVICE_COOKIE_LIFETIME_MS)
            .await?
        {
            return Ok(format!("device:{hash}"));
        }
    }
    Ok(ANY_CLIENT.to_owned())
}

/// Refuses while `email_key` has had [`MAX_FAILURES`] failed logins from `client` within the
/// window.
async fn check_not_locked_out(
    store: &SharedStore,
    email_key: &str,
    client: &str,
    now: i64,
) -> Result<(), AccountError> {
    let failures = store
        .login_failures_since(email_key, client, now - FAILURE_WINDOW_MS)
        .await?;
    if failures.len() >= MAX_FAILURES {
        // Unlocked when the oldest failure that still counts leaves the window.
        let unlock_at = failures[failures.len() - MAX_FAILURES] + FAILURE_WINDOW_MS;
        let wait_ms = (unlock_at - now).max(1000);
        return Err(AccountError::LockedOut {
            retry_after_secs: u64::try_from(wait_ms).map_or(1, |ms| ms.div_ceil(1000)),
        });
    }
    Ok(())
}
