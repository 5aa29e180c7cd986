//! "Forgot your password?": a link by mail to choose a new one.
//!
//! Asking for a link gets the same answer, at once, whether or not the email has an account,
//! so the form cannot tell anyone who is registered. The link holds a random token, of which
//! only the hash is kept once the mail is sent; it works once and for one hour, and using it
//! ends every session of the account: whoever knew the old password is signed out. Only the
//! newest link of an account works: asking again ends the links sent before.

use lettre::{Address, message::Mailbox};

use super::hashing::hash_password;
use crate::{
    accounts::{
        domain::{Email, Password},
        error::AccountError,
        greeting::{greeting, name_to_greet},
        session::{
            second_step::sign_in,
            service::{Device, SignedIn, user_of},
        },
        time::MINUTE_MS,
        tokens::{random_token, token_hash},
    },
    store::{NewMail, NewPasswordReset, RecentLinks, SharedStore, now_millis},
};

/// A reset link works for this long.
pub const RESET_LINK_LIFETIME_MS: i64 = 60 * MINUTE_MS;
/// At most this many links are sent to one account within a link's lifetime, so the form
/// cannot be used to flood someone's inbox. Links asked for within that long count, even once
/// a newer link has ended them; housekeeping keeps them stored that long.
pub const MAX_LINKS_PER_LIFETIME: i64 = 3;
/// Where a reset link leads, on this site.
pub const RESET_PAGE_PATH: &str = "/login/reset";

/// What the reset mail needs to know about the site.
pub struct ResetMail<'a> {
    /// Origin the link points to, e.g. `https://www.college.example`. It must come from the
    /// configuration, never from the request, or a forged Host header could send the token to
    /// another site.
    pub site_origin: &'a str,
    /// Replies reach the college office.
    pub reply_to: &'a Mailbox,
}

/// Queues a reset link for the account with this email, if there is one, and says whether it
/// did (to wake the outbox). The visitor's answer must not depend on it: see the route.
pub async fn request_password_reset(
    store: &SharedStore,
    email: &Email,
    mail: ResetMail<'_>,
) -> Result<bool, AccountError> {
    let Some(account) = store.account_by_email(email.key()).await? else {
        tracing::info!("password reset asked for an email with no account");
        return Ok(false);
    };
    let now = now_millis();
    let name = name_to_greet(store, &account).await?;
    // The address the account is known by, which the mail proves: not the profile's copy.
    let Ok(recipient) = account.email_key.parse::<Address>() else {
        tracing::error!(uid = %account.id, "password reset not sent: the account's email does not parse");
        return Ok(false);
    };

    let token = random_token();
    // In the fragment, which browsers never send: the token stays out of server and proxy logs
    // and out of Referer headers.
    let link = format!("{}{RESET_PAGE_PATH}#token={token}", mail.site_origin);
    let greeting = greeting(name.as_deref());
    let body = format!(
        "{greeting}\n\n\
         Someone, hopefully you, asked to choose a new password for the account {address} on \
         the college website. To choose one, open this link within one hour:\n\n\
         {link}\n\n\
         The link works once. Choosing a new password signs you out everywhere else.\n\n\
         If you did not ask for this, you can ignore this mail: your password stays as it is.\n",
        address = recipient,
    );
    let saved = store
        .save_password_reset(
            &NewPasswordReset {
                token_hash: token_hash(&token),
                account_id: account.id.clone(),
                created_at: now,
                expires_at: now + RESET_LINK_LIFETIME_MS,
            },
            &NewMail {
                recipient: Mailbox::new(name, recipient).to_string(),
                reply_to: mail.reply_to.to_string(),
                subject: "Choose a new password".to_owned(),
                body,
            },
            RecentLinks {
                since: now - RESET_LINK_LIFETIME_MS,
                max: MAX_LINKS_PER_LIFETIME,
            },
        )
        .await?;
    if saved {
        tracing::info!(uid = %account.id, "password reset link queued");
    } else {
        tracing::warn!(uid = %account.id, "password reset not sent: too many links asked for");
    }
    Ok(saved)
}

/// Whether a reset link can still be used, so its page can say so before anyone types.
pub async fn check_reset_link(store: &SharedStore, token: &str) -> Result<(), AccountError> {
    store
        .password_reset_account(&token_hash(token), now_millis())
        .await?
        .map(|_| ())
        .ok_or(AccountError::ResetLinkInvalid)
}

/// Sets a new password with a reset link, and signs the user in with a fresh session.
pub async fn reset_password(
    store: &SharedStore,
    token: &str,
    new_password: &str,
    device: Device,
) -> Result<SignedIn, AccountError> {
    let hash = token_hash(token);
    let account_id = store
        .password_reset_account(&hash, now_millis())
        .await?
        .ok_or(AccountError::ResetLinkInvalid)?;
    let account = store
        .account(&account_id)
        .await?
        .ok_or(AccountError::ResetLinkInvalid)?;
    let email = Email::parse(&account.email_key).map_err(AccountError::Invalid)?;
    let password = Password::new_for(new_password, &email).map_err(AccountError::Invalid)?;
    let password_hash = hash_password(password).await?;
    // Checked again inside the transaction: two uses racing for one link, one wins.
    store
        .complete_password_reset(&hash, &password_hash, now_millis())
        .await?
        .ok_or(AccountError::ResetLinkInvalid)?;
    tracing::info!(uid = %account.id, "password reset; every other session ended");
    let user = user_of(store, &account).await?;
    sign_in(store, user, false, device).await
}
