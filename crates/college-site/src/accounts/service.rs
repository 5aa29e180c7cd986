//! The rules of accounts: registration, login with its per-account limit, sessions (new id at
//! every sign-in, idle and absolute expiry), logout, and the profile record.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use rand::RngCore;
use sha2::{Digest, Sha256};

use super::{
    domain::{DisplayName, Email, FieldError, Mobile, Password},
    google::GoogleIdentity,
    hashing::{hash_password, verify_password},
};
use crate::store::{
    Account, NewSession, Profile, SessionRecord, SharedStore, StoreError, USER_AGENT_MAX,
    now_millis,
};

pub(super) const MINUTE_MS: i64 = 60 * 1000;
const DAY_MS: i64 = 24 * 60 * MINUTE_MS;
/// A session ends after this long without use.
pub const IDLE_TIMEOUT_MS: i64 = 7 * DAY_MS;
/// A session ends this long after sign-in whatever happens; a "Remember me" cookie lasts as
/// long.
pub const SESSION_LIFETIME_MS: i64 = 30 * DAY_MS;
/// Failed logins are counted over this window...
pub const FAILURE_WINDOW_MS: i64 = 15 * MINUTE_MS;
/// ...and this many within it lock the account until the oldest leaves the window.
pub const MAX_FAILURES: usize = 10;
/// Activity is written at most this often, so reading pages does not mean writing rows.
const TOUCH_INTERVAL_MS: i64 = MINUTE_MS;
/// A sign-in this recent stands in for the password before a sensitive change, for accounts
/// that have none (Google only).
pub const RECENT_SIGN_IN_MS: i64 = 10 * MINUTE_MS;

/// The signed-in user, as the header shows them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CurrentUser {
    pub uid: String,
    pub display_name: Option<String>,
    pub email: String,
    /// Whether the account's email was proved (a link, or Google): the header's quiet notice.
    pub email_verified: bool,
}

/// A new session: the token goes into the cookie, nowhere else.
#[derive(Debug)]
pub struct SignedIn {
    pub user: CurrentUser,
    pub token: String,
    pub remember: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("{}", .0.message)]
    Invalid(FieldError),
    #[error("Cannot create user, email already in use")]
    EmailInUse,
    #[error("Invalid credentials provided.")]
    InvalidCredentials,
    #[error("too many failed logins")]
    LockedOut { retry_after_secs: u64 },
    #[error(
        "Your Google account did not share a verified email address, so it cannot be used to sign in here."
    )]
    GoogleEmailUnverified,
    #[error(
        "This link to choose a new password has expired or was already used. Ask for a new one."
    )]
    ResetLinkInvalid,
    #[error("That is not your current password.")]
    WrongPassword,
    #[error(
        "For your safety, this needs a sign-in within the last 10 minutes. Sign in again, then try once more."
    )]
    RecentSignInRequired,
    #[error("store: {0}")]
    Store(#[from] StoreError),
    #[error("password hashing failed")]
    Hashing,
}

pub struct Registration<'a> {
    pub display_name: &'a str,
    pub email: &'a str,
    pub password: &'a str,
    pub mobile: &'a str,
}

/// The browser a sign-in comes from, as its User-Agent names it: kept with the session so the
/// account page can tell the user's devices apart.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Device {
    pub user_agent: Option<String>,
}

impl Device {
    pub fn from_user_agent(raw: Option<&str>) -> Self {
        let user_agent = raw
            .map(|ua| ua.trim().chars().take(USER_AGENT_MAX).collect::<String>())
            .filter(|ua| !ua.is_empty());
        Self { user_agent }
    }
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
    let password_hash = hash_password(password)
        .await
        .map_err(|_| AccountError::Hashing)?;
    let now = now_millis();
    let account = Account {
        id: new_uid(),
        email_key: email.key().to_owned(),
        password_hash: Some(password_hash),
        google_sub: None,
        created_at: now,
        email_verified_at: None,
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
    };
    start_session(store, user, false, device).await
}

pub async fn login(
    store: &SharedStore,
    email: &str,
    password: &str,
    remember: bool,
    device: Device,
) -> Result<SignedIn, AccountError> {
    let email = Email::parse(email).map_err(AccountError::Invalid)?;
    let Some(password) = Password::for_login(password) else {
        return Err(AccountError::InvalidCredentials);
    };
    let now = now_millis();
    check_not_locked_out(store, email.key(), now).await?;

    let account = store.account_by_email(email.key()).await?;
    let stored_hash = account.as_ref().and_then(|a| a.password_hash.clone());
    let verified = verify_password(password, stored_hash).await;
    let Some(account) = account.filter(|_| verified) else {
        store.record_login_failure(email.key(), now).await?;
        return Err(AccountError::InvalidCredentials);
    };
    store.clear_login_failures(email.key()).await?;
    let user = user_of(store, &account).await?;
    let signed_in = start_session(store, user, remember, device).await?;
    // A password reset (or a Google link) may have replaced the password while it was being
    // verified; it ended every session, but not this one, made after. Checked after the session
    // exists, so a change committed at any moment is seen here or has deleted the session.
    let current_hash = store
        .account(&account.id)
        .await?
        .and_then(|current| current.password_hash);
    if current_hash != account.password_hash {
        store.delete_session(&token_hash(&signed_in.token)).await?;
        return Err(AccountError::InvalidCredentials);
    }
    Ok(signed_in)
}

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
        Some(account) => vouched_by_google(store, account, &identity).await?,
        None => link_or_create_google_account(store, &identity).await?,
    };
    let profile = google_profile(&account, &identity);
    if store.create_profile_if_missing(&profile).await? {
        tracing::info!(uid = %account.id, "profile record created at Google sign-in");
    }
    let user = user_of(store, &account).await?;
    start_session(store, user, false, device).await
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

/// Ends the session on the server, so a copied cookie stops working too.
pub async fn logout(store: &SharedStore, token: &str) -> Result<(), AccountError> {
    store.delete_session(&token_hash(token)).await?;
    Ok(())
}

/// The user a session token belongs to, if the session is still valid.
pub async fn current_user(
    store: &SharedStore,
    token: &str,
) -> Result<Option<CurrentUser>, AccountError> {
    match current_session(store, token).await? {
        Some(session) => Ok(Some(user_of(store, &session.account).await?)),
        None => Ok(None),
    }
}

/// A valid session and its account.
#[derive(Debug, Clone)]
pub struct ActiveSession {
    pub account: Account,
    pub session: SessionRecord,
    /// The key of the session in the store (never sent to the browser).
    pub token_hash: String,
}

impl ActiveSession {
    /// Whether the user signed in (with a password, a reset link or Google) in the last
    /// [`RECENT_SIGN_IN_MS`]: the proof asked of accounts without a password before a
    /// sensitive change.
    pub fn signed_in_recently(&self, now: i64) -> bool {
        now - self.session.created_at < RECENT_SIGN_IN_MS
    }
}

/// The session a token opens, if it is still valid; ends it when it has expired.
pub async fn current_session(
    store: &SharedStore,
    token: &str,
) -> Result<Option<ActiveSession>, AccountError> {
    let hash = token_hash(token);
    let Some(session) = store.session(&hash).await? else {
        return Ok(None);
    };
    let now = now_millis();
    if now >= session.expires_at || now - session.last_seen_at >= IDLE_TIMEOUT_MS {
        store.delete_session(&hash).await?;
        return Ok(None);
    }
    let Some(account) = store.account(&session.account_id).await? else {
        return Ok(None);
    };
    if now - session.last_seen_at >= TOUCH_INTERVAL_MS {
        store.touch_session(&hash, now).await?;
    }
    Ok(Some(ActiveSession {
        account,
        session,
        token_hash: hash,
    }))
}

/// Asks a signed-in user to prove it is them before a sensitive change (email, password,
/// deletion): the current password when the account has one, else a recent sign-in. Wrong
/// passwords count as failed logins, so the account page is no way around the login limit.
pub async fn confirm_identity(
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
    check_not_locked_out(store, email_key, now).await?;
    let Some(password) = password.and_then(Password::for_login) else {
        return Err(AccountError::WrongPassword);
    };
    if verify_password(password, Some(stored_hash)).await {
        Ok(())
    } else {
        store.record_login_failure(email_key, now).await?;
        Err(AccountError::WrongPassword)
    }
}

/// Refuses while `email_key` has had [`MAX_FAILURES`] failed logins within the window.
async fn check_not_locked_out(
    store: &SharedStore,
    email_key: &str,
    now: i64,
) -> Result<(), AccountError> {
    let failures = store
        .login_failures_since(email_key, now - FAILURE_WINDOW_MS)
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

/// Creates a session with a fresh random token: a new id at every sign-in, so a token planted
/// before sign-in is worth nothing after it.
pub async fn start_session(
    store: &SharedStore,
    user: CurrentUser,
    remember: bool,
    device: Device,
) -> Result<SignedIn, AccountError> {
    let token = random_token();
    let now = now_millis();
    store
        .create_session(&NewSession {
            token_hash: token_hash(&token),
            public_id: new_uid(),
            account_id: user.uid.clone(),
            remember,
            user_agent: device.user_agent,
            created_at: now,
            expires_at: now + SESSION_LIFETIME_MS,
        })
        .await?;
    Ok(SignedIn {
        user,
        token,
        remember,
    })
}

/// The header's view of an account: its profile's name and email.
pub async fn user_of(store: &SharedStore, account: &Account) -> Result<CurrentUser, StoreError> {
    let profile = store.profile(&account.id).await?;
    Ok(CurrentUser {
        uid: account.id.clone(),
        display_name: profile.as_ref().and_then(|p| p.display_name.clone()),
        email: profile.map_or_else(|| account.email_key.clone(), |p| p.email),
        email_verified: account.email_verified_at.is_some(),
    })
}

/// 128 random bits, URL-safe: an account id that reveals nothing and cannot be guessed.
pub fn new_uid() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// 256 random bits for a session cookie or a reset link.
pub(super) fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What the database keeps of a token: its SHA-256, hex.
pub(super) fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
