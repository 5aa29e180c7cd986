//! Confirming email addresses with a link by mail: the address given at registration, and a
//! new address, which becomes the sign-in email only when its link is used.
//!
//! As with reset links, the link holds a random token of which only the hash is kept, travels
//! in the URL's fragment and works once; here for 24 hours, and at most three links an hour go
//! to one account. Only the newest link of an account works: asking again (say, after
//! mistyping the new address) ends the earlier links. Events are logged with the account id,
//! never with the link.

use lettre::{Address, message::Mailbox};

use super::texts::{LinkPurpose, Recipient, change_notice, link_mail};
use crate::{
    accounts::{
        domain::{AccountField, Email, FieldError},
        error::AccountError,
        greeting::name_to_greet,
        password::service::{Proof, confirm_identity},
        session::service::ActiveSession,
        time::MINUTE_MS,
        tokens::{random_token, token_hash},
    },
    store::{Account, NewEmailVerification, RecentLinks, SharedStore, StoreError, now_millis},
};

/// A verification link works for this long.
pub const VERIFY_LINK_LIFETIME_MS: i64 = 24 * 60 * MINUTE_MS;
/// At most this many links go to one account within [`LINK_LIMIT_WINDOW_MS`], so neither the
/// registration form nor the account page can be used to flood an inbox.
pub const MAX_LINKS_PER_WINDOW: i64 = 3;
/// Links asked for within this long count toward [`MAX_LINKS_PER_WINDOW`], even once a newer
/// link has ended them; housekeeping keeps them stored that long.
pub const LINK_LIMIT_WINDOW_MS: i64 = 60 * MINUTE_MS;
/// Where a verification link leads, on this site.
pub const VERIFY_PAGE_PATH: &str = "/account/verify";

#[derive(Debug, thiserror::Error)]
pub enum EmailError {
    #[error(
        "This link has expired or was already used. Sign in and ask for a new one on your account page."
    )]
    LinkInvalid,
    #[error("Another account already uses that email address.")]
    EmailTaken,
    #[error(
        "We have already sent this account {MAX_LINKS_PER_WINDOW} links in the last hour. Please try again in an hour."
    )]
    TooManyLinks,
    #[error(transparent)]
    Account(#[from] AccountError),
}

impl From<StoreError> for EmailError {
    fn from(error: StoreError) -> Self {
        Self::Account(error.into())
    }
}

/// What a link's mail needs to know about the site.
pub struct LinkMail<'a> {
    /// Origin the link points to. It comes from the configuration, never from the request, or
    /// a forged Host header could send the token to another site.
    pub site_origin: &'a str,
    /// Replies reach the college office.
    pub reply_to: &'a Mailbox,
}

/// Queues a link for the address of a newly registered account, unless it is verified.
/// Returns whether a mail was queued (to wake the outbox).
pub async fn send_registration_link(
    store: &SharedStore,
    account_id: &str,
    mail: LinkMail<'_>,
) -> Result<bool, EmailError> {
    match store.account(account_id).await? {
        Some(account) if account.email_verified_at.is_none() => {
            queue_current_address_link(store, &account, &mail).await
        }
        _ => Ok(false),
    }
}

/// Sends a new link for the pending new address, if there is one, else for the current
/// address while it is unverified. Returns whether a mail was queued; the page answers the
/// same either way.
pub async fn resend(
    store: &SharedStore,
    active: &ActiveSession,
    mail: LinkMail<'_>,
) -> Result<bool, EmailError> {
    let account = &active.account;
    if let Some(pending) = store
        .pending_email_change(&account.id, now_millis())
        .await?
    {
        let Ok(email) = Email::parse(&pending) else {
            tracing::error!(uid = %account.id, "the pending email does not parse; no link sent");
            return Ok(false);
        };
        return queue_link(store, account, &email, LinkPurpose::ConfirmNew, &mail).await;
    }
    if account.email_verified_at.is_some() {
        tracing::info!(uid = %account.id, "no link resent: the email is already verified");
        return Ok(false);
    }
    queue_current_address_link(store, account, &mail).await
}

/// Asks to move the account to `new_email`: checks the address, confirms it is the account
/// holder asking, and mails a link to the new address. The sign-in email changes only when the
/// link is used.
pub async fn request_email_change(
    store: &SharedStore,
    active: &ActiveSession,
    new_email: &str,
    proof: Proof<'_>,
    mail: LinkMail<'_>,
) -> Result<Email, EmailError> {
    let email = Email::parse(new_email).map_err(AccountError::Invalid)?;
    let account = &active.account;
    if email.key() == account.email_key {
        return Err(AccountError::Invalid(FieldError {
            field: AccountField::Email,
            message: "That is already your email address. Enter the new one.".to_owned(),
        })
        .into());
    }
    // Settled before the answer can tell whether an address is registered.
    confirm_identity(store, active, proof).await?;
    if store.account_by_email(email.key()).await?.is_some() {
        return Err(EmailError::EmailTaken);
    }
    if !queue_link(store, account, &email, LinkPurpose::ConfirmNew, &mail).await? {
        return Err(EmailError::TooManyLinks);
    }
    tracing::info!(uid = %account.id, event = "email-change-requested", "email change asked for");
    Ok(email)
}

/// Uses a link: confirms the account's address, or changes it to the link's address and tells
/// the old one. Returns the confirmed address and whether it changed.
pub async fn verify_email(
    store: &SharedStore,
    token: &str,
    reply_to: &Mailbox,
) -> Result<(String, bool), EmailError> {
    let hash = token_hash(token);
    let link = store
        .email_verification(&hash, now_millis())
        .await?
        .ok_or(EmailError::LinkInvalid)?;
    let account = store
        .account(&link.account_id)
        .await?
        .ok_or(EmailError::LinkInvalid)?;
    let notice = if link.email_key == account.email_key {
        None
    } else if let Ok(old) = account.email_key.parse::<Address>() {
        let name = name_to_greet(store, &account).await?;
        Some(change_notice(
            Recipient { name, address: old },
            &link.email,
            reply_to,
        ))
    } else {
        tracing::error!(uid = %account.id, "no change notice: the old address does not parse");
        None
    };
    let done = match store
        .complete_email_verification(&hash, now_millis(), notice.as_ref())
        .await
    {
        Ok(Some(done)) => done,
        Ok(None) => return Err(EmailError::LinkInvalid),
        Err(StoreError::Conflict) => {
            tracing::info!(uid = %account.id, "email change refused: the address was taken meanwhile");
            return Err(EmailError::EmailTaken);
        }
        Err(error) => return Err(error.into()),
    };
    if done.changed {
        tracing::info!(uid = %done.account_id, event = "email-changed", "email changed with a link");
    } else {
        tracing::info!(uid = %done.account_id, event = "email-verified", "email verified with a link");
    }
    Ok((done.email, done.changed))
}

async fn queue_current_address_link(
    store: &SharedStore,
    account: &Account,
    mail: &LinkMail<'_>,
) -> Result<bool, EmailError> {
    // The profile keeps the address as typed, the account its key (lower-cased): the link must
    // carry that key, or using it would change the address.
    let typed = store.profile(&account.id).await?.map(|p| p.email);
    let email = typed
        .and_then(|typed| Email::parse(&typed).ok())
        .filter(|email| email.key() == account.email_key)
        .or_else(|| Email::parse(&account.email_key).ok());
    let Some(email) = email else {
        tracing::error!(uid = %account.id, "the account's email does not parse; no link sent");
        return Ok(false);
    };
    queue_link(store, account, &email, LinkPurpose::ConfirmCurrent, mail).await
}

/// Stores a link for `email` with its mail, unless the account's limit is reached.
async fn queue_link(
    store: &SharedStore,
    account: &Account,
    email: &Email,
    purpose: LinkPurpose,
    mail: &LinkMail<'_>,
) -> Result<bool, EmailError> {
    let Ok(address) = email.as_str().parse::<Address>() else {
        tracing::error!(uid = %account.id, "no verification link: the address does not parse");
        return Ok(false);
    };
    // The address is not proved yet: whoever typed it may not own it, so the mail repeats
    // nothing they typed (a name like "Your refund is ready at ..." would greet the owner).
    let name = None;
    let token = random_token();
    // In the fragment, which browsers never send: the token stays out of server and proxy logs
    // and out of Referer headers.
    let link = format!("{}{VERIFY_PAGE_PATH}#token={token}", mail.site_origin);
    let now = now_millis();
    let saved = store
        .save_email_verification(
            &NewEmailVerification {
                token_hash: token_hash(&token),
                account_id: account.id.clone(),
                email: email.as_str().to_owned(),
                email_key: email.key().to_owned(),
                created_at: now,
                expires_at: now + VERIFY_LINK_LIFETIME_MS,
            },
            &link_mail(Recipient { name, address }, &link, purpose, mail.reply_to),
            RecentLinks {
                since: now - LINK_LIMIT_WINDOW_MS,
                max: MAX_LINKS_PER_WINDOW,
            },
        )
        .await?;
    if saved {
        tracing::info!(uid = %account.id, "email verification link queued");
    } else {
        tracing::warn!(uid = %account.id, "no verification link sent: too many asked for");
    }
    Ok(saved)
}
