//! The rules of the account page: what it shows of an account and its sessions, and the
//! changes made there (profile, password, ending sessions, deletion). No HTTP here; the
//! routes check the limits first.

use lettre::message::Mailbox;

use crate::{
    accounts::{
        domain::{AccountField, DisplayName, Email, FieldError, Mobile, Password},
        error::AccountError,
        greeting::account_mail,
        password::{
            hashing::hash_password,
            service::{Proof, confirm_identity},
        },
        session::{
            service::{ActiveSession, IDLE_TIMEOUT_MS, RECENT_SIGN_IN_MS},
            user_agent::device_name,
        },
    },
    store::{Account, AccountDeletion, Profile, SessionRecord, SharedStore, now_millis},
};

/// The account as the account page shows it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    pub uid: String,
    pub display_name: Option<String>,
    pub email: String,
    pub mobile: Option<String>,
    pub member_since: i64,
    pub email_verified: bool,
    pub email_verified_at: Option<i64>,
    /// A new address waiting for its link to be used (filled by the change of email).
    pub pending_email: Option<String>,
    pub sign_in_methods: SignInMethods,
    /// Whole seconds left of the window in which this session counts as a recent sign-in.
    pub recent_sign_in_seconds: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct SignInMethods {
    pub password: bool,
    pub google: bool,
}

impl SignInMethods {
    pub fn of(account: &Account) -> Self {
        Self {
            password: account.password_hash.is_some(),
            google: account.google_sub.is_some(),
        }
    }
}

/// One session of the account, named by its browser and system.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    pub id: String,
    pub browser: &'static str,
    pub system: &'static str,
    pub signed_in_at: i64,
    pub last_used_at: i64,
    pub remembered: bool,
    pub current: bool,
}

impl SessionView {
    fn of(record: &SessionRecord, current_id: &str) -> Self {
        let device = device_name(record.user_agent.as_deref());
        Self {
            id: record.public_id.clone(),
            browser: device.browser,
            system: device.system,
            signed_in_at: record.created_at,
            last_used_at: record.last_seen_at,
            remembered: record.remember,
            current: record.public_id == current_id,
        }
    }
}

pub async fn account_view(
    store: &SharedStore,
    account: &Account,
    session: &SessionRecord,
) -> Result<AccountView, AccountError> {
    let profile = store.profile(&account.id).await?;
    let now = now_millis();
    let pending_email = store.pending_email_change(&account.id, now).await?;
    let left_ms = RECENT_SIGN_IN_MS - (now - session.created_at);
    Ok(AccountView {
        uid: account.id.clone(),
        display_name: profile.as_ref().and_then(|p| p.display_name.clone()),
        email: profile
            .as_ref()
            .map_or_else(|| account.email_key.clone(), |p| p.email.clone()),
        mobile: profile.and_then(|p| p.mobile),
        member_since: account.created_at,
        email_verified: account.email_verified_at.is_some(),
        email_verified_at: account.email_verified_at,
        pending_email,
        sign_in_methods: SignInMethods::of(account),
        recent_sign_in_seconds: left_ms.clamp(0, RECENT_SIGN_IN_MS) / 1000,
    })
}

/// The account's valid sessions: this one first, then the most recently used.
pub async fn sessions_of(
    store: &SharedStore,
    active: &ActiveSession,
) -> Result<Vec<SessionView>, AccountError> {
    let now = now_millis();
    let records = store
        .live_sessions(&active.account.id, now, now - IDLE_TIMEOUT_MS)
        .await?;
    let current_id = &active.session.public_id;
    let mut views: Vec<_> = records
        .iter()
        .map(|record| SessionView::of(record, current_id))
        .collect();
    // Stable: the others keep the store's order, most recently used first.
    views.sort_by_key(|view| !view.current);
    Ok(views)
}

pub async fn update_profile(
    store: &SharedStore,
    active: &ActiveSession,
    display_name: &str,
    mobile: &str,
) -> Result<(), AccountError> {
    let name = DisplayName::parse(display_name).map_err(AccountError::Invalid)?;
    let mobile = Mobile::parse_optional(mobile).map_err(AccountError::Invalid)?;
    let id = &active.account.id;
    let mobile = mobile.as_ref().map(Mobile::as_str);
    if !store.update_profile(id, name.as_str(), mobile).await? {
        // An account without a profile record (it is made at sign-in) gets one with these.
        let profile = Profile {
            id: id.clone(),
            display_name: Some(name.as_str().to_owned()),
            email: active.account.email_key.clone(),
            mobile: mobile.map(str::to_owned),
            extra: serde_json::Map::new(),
            created_at: now_millis(),
        };
        store.create_profile_if_missing(&profile).await?;
    }
    tracing::info!(uid = %id, event = "profile-changed", "profile changed");
    Ok(())
}

/// Sets a new password, ending every other session of the account, and mails the account's
/// address about it. Returns the account as it is afterwards.
pub async fn change_password(
    store: &SharedStore,
    active: &ActiveSession,
    proof: Proof<'_>,
    new_password: &str,
    reply_to: &Mailbox,
) -> Result<Account, AccountError> {
    let account = &active.account;
    let email = Email::parse(&account.email_key).map_err(AccountError::Invalid)?;
    let password = Password::new_for(new_password, &email).map_err(|problem| {
        AccountError::Invalid(FieldError {
            field: AccountField::NewPassword,
            ..problem
        })
    })?;
    confirm_identity(store, active, proof).await?;
    let password_hash = hash_password(password).await?;
    let mail = account_mail(
        store,
        account,
        reply_to,
        "Your password was changed",
        |address| {
            format!(
                "The password of your account {address} on the college website was just \
                 changed. Every other browser signed in to the account was signed out.\n\n\
                 If you changed it, there is nothing more to do.\n\n\
                 If you did not, someone else may know your password: choose a new one at once \
                 with \"Forgot your password?\" on the website's sign-in page, and reply to \
                 this mail to tell the college office.\n"
            )
        },
    )
    .await?;
    let changed = store
        .change_password(
            &account.id,
            &password_hash,
            &active.token_hash,
            &mail,
            now_millis(),
        )
        .await?;
    if !changed {
        // Deleted from another browser meanwhile: this session is over too.
        return Err(AccountError::InvalidCredentials);
    }
    tracing::info!(uid = %account.id, event = "password-changed", "password changed; other sessions ended");
    Ok(Account {
        password_hash: Some(password_hash),
        ..account.clone()
    })
}

/// Which session an "end this session" ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndedSession {
    /// The one the request came with: the browser is signed out.
    This,
    Other,
}

/// Ends the session named `public_id`, if it is one of this account's; `None` when it is not.
pub async fn end_session(
    store: &SharedStore,
    active: &ActiveSession,
    public_id: &str,
) -> Result<Option<EndedSession>, AccountError> {
    let id = &active.account.id;
    // No session's id holds a control character (PostgreSQL could not even look one up).
    if public_id.chars().any(char::is_control) || !store.end_session(id, public_id).await? {
        return Ok(None);
    }
    tracing::info!(uid = %id, event = "session-ended", "a session was ended from the account page");
    Ok(Some(if public_id == active.session.public_id {
        EndedSession::This
    } else {
        EndedSession::Other
    }))
}

pub async fn end_other_sessions(
    store: &SharedStore,
    active: &ActiveSession,
) -> Result<(), AccountError> {
    let id = &active.account.id;
    let ended = store.end_other_sessions(id, &active.token_hash).await?;
    tracing::info!(uid = %id, event = "other-sessions-ended", ended, "other sessions ended");
    Ok(())
}

/// Deletes the account with everything kept for it, after the password (or a recent
/// sign-in), and mails its address to confirm.
pub async fn delete_account(
    store: &SharedStore,
    active: &ActiveSession,
    proof: Proof<'_>,
    reply_to: &Mailbox,
) -> Result<(), AccountError> {
    confirm_identity(store, active, proof).await?;
    let account = &active.account;
    let mail = account_mail(
        store,
        account,
        reply_to,
        "Your account was deleted",
        |address| {
            format!(
                "The account {address} on the college website was deleted, as asked on its \
                 account page, with its profile, its sign-ins and its saved tutorial progress. \
                 You are welcome to make a new account with this address at any time.\n\n\
                 If you did not ask for this, reply to this mail to tell the college office.\n"
            )
        },
    )
    .await?;
    match store
        .delete_account(&account.id, &mail, now_millis())
        .await?
    {
        AccountDeletion::Deleted => {
            tracing::info!(uid = %account.id, event = "account-deleted", "account deleted");
            Ok(())
        }
        // Already gone (deleted from another browser meanwhile) is as good as deleted here.
        AccountDeletion::NotFound => Ok(()),
        AccountDeletion::LastAdmin => Err(AccountError::LastAdmin),
    }
}
