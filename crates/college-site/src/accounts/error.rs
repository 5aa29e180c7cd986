//! What can go wrong in the accounts' rules, in words a visitor understands. How each answers
//! over HTTP is in [`super::error_response`].

use super::domain::FieldError;
use super::password::hashing::HashError;
use crate::store::StoreError;

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
    #[error("This account is disabled. Contact the college office.")]
    Disabled,
    #[error(
        "You are the site's only administrator: make someone else an administrator before deleting this account."
    )]
    LastAdmin,
    #[error("the store failed")]
    Store(#[from] StoreError),
    #[error("password hashing failed")]
    Hashing(#[from] HashError),
}
