//! The rules of sessions: a new id at every sign-in, idle and absolute expiry, the user a
//! session belongs to, and logout.

use crate::{
    accounts::{
        error::AccountError,
        time::{DAY_MS, MINUTE_MS},
        tokens::{new_uid, random_token, token_hash},
    },
    store::{
        Account, NewSession, Role, SessionRecord, SharedStore, StoreError, USER_AGENT_MAX,
        now_millis,
    },
};

/// A session ends after this long without use.
pub const IDLE_TIMEOUT_MS: i64 = 7 * DAY_MS;
/// A session ends this long after sign-in whatever happens; a "Remember me" cookie lasts as
/// long.
pub const SESSION_LIFETIME_MS: i64 = 30 * DAY_MS;
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
    /// The account's roles: they only decide which links the page shows; every route that
    /// needs a role checks it itself.
    pub roles: Vec<Role>,
    /// Whether the account signs in with a second factor.
    pub second_factor: bool,
    /// The account holds a staff role and has no second factor: until it sets one up, it can
    /// reach nothing but the page that does so (see `second_step::must_set_up`, which asks the
    /// same of the session).
    pub must_set_up_second_factor: bool,
}

/// A new session: the token goes into the cookie, nowhere else.
#[derive(Debug)]
pub struct SignedIn {
    pub user: CurrentUser,
    pub token: String,
    pub remember: bool,
    /// Whether the token opens a session, or only the page that asks for the second factor.
    pub step: SignInStep,
    /// A new device cookie for this browser, when a password sign-in came without a valid one
    /// (see `password::service::login`).
    pub device_token: Option<String>,
}

/// Where a sign-in stands once its first factor (password, Google, reset link) is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInStep {
    /// Signed in: the token is a session's.
    Done,
    /// The account has a second factor: the token is a waiting sign-in's, which opens nothing
    /// but the page that asks for the code.
    SecondFactor,
}

/// The browser a sign-in comes from, as its User-Agent names it: kept with the session so the
/// account page can tell the user's devices apart.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Device {
    pub user_agent: Option<String>,
    /// The device cookie the browser sent, if any: proof that it signed in to an account
    /// before (checked against the account at sign-in).
    pub sign_in_cookie: Option<String>,
}

impl Device {
    pub fn from_user_agent(raw: Option<&str>) -> Self {
        let user_agent = raw
            .map(|ua| ua.trim().chars().take(USER_AGENT_MAX).collect::<String>())
            .filter(|ua| !ua.is_empty());
        Self {
            user_agent,
            sign_in_cookie: None,
        }
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
    // A session opened by a first factor alone, on an account that has a second factor now
    // (set up elsewhere since, or a session from before sessions recorded it): it never proved
    // the factor, so it ends, and its browser signs in again in two steps.
    if session.second_step_at.is_none() && session.account_has_factor {
        store.delete_session(&hash).await?;
        return Ok(None);
    }
    if now - session.last_seen_at >= TOUCH_INTERVAL_MS {
        store.touch_session(&hash, now).await?;
    }
    Ok(Some(ActiveSession {
        account,
        session,
        token_hash: hash,
    }))
}

/// Whether a new session passed a second factor at sign-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecondStep {
    /// A code, a passkey or security key as the second step, or a passkey that was added by a
    /// session that had passed it.
    Passed,
    /// A first factor alone (password, Google, a reset link, a passkey added before the account
    /// had a factor): enough for an account that needs no second factor.
    NotTaken,
}

/// Creates a session with a fresh random token: a new id at every sign-in, so a token planted
/// before sign-in is worth nothing after it.
pub async fn start_session(
    store: &SharedStore,
    user: CurrentUser,
    remember: bool,
    device: Device,
    second_step: SecondStep,
) -> Result<SignedIn, AccountError> {
    let token = random_token();
    let now = now_millis();
    let created = store
        .create_session(&NewSession {
            token_hash: token_hash(&token),
            public_id: new_uid(),
            account_id: user.uid.clone(),
            remember,
            user_agent: device.user_agent,
            created_at: now,
            expires_at: now + SESSION_LIFETIME_MS,
            second_step_at: (second_step == SecondStep::Passed).then_some(now),
        })
        .await?;
    if !created {
        return Err(AccountError::Disabled);
    }
    Ok(SignedIn {
        user,
        token,
        remember,
        step: SignInStep::Done,
        device_token: None,
    })
}

/// Every role opens staff pages (teaching, the office, administration, publishing), and every
/// account holding one must sign in with a second factor.
pub fn needs_second_factor(roles: &[Role]) -> bool {
    !roles.is_empty()
}

/// Whether the account signs in with a second factor (one being set up does not count).
pub async fn has_second_factor(store: &SharedStore, account_id: &str) -> Result<bool, StoreError> {
    Ok(store
        .second_factor(account_id)
        .await?
        .is_some_and(|factor| factor.is_on()))
}

/// The header's view of an account: its profile's name and email.
pub async fn user_of(store: &SharedStore, account: &Account) -> Result<CurrentUser, StoreError> {
    let profile = store.profile(&account.id).await?;
    let roles = store.roles_of(&account.id).await?;
    let second_factor = has_second_factor(store, &account.id).await?;
    Ok(CurrentUser {
        second_factor,
        must_set_up_second_factor: !second_factor && needs_second_factor(&roles),
        uid: account.id.clone(),
        display_name: profile.as_ref().and_then(|p| p.display_name.clone()),
        email: profile.map_or_else(|| account.email_key.clone(), |p| p.email),
        email_verified: account.email_verified_at.is_some(),
        roles,
    })
}
