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
    #[error("too many failed logins from this address")]
    AddressLockedOut { retry_after_secs: u64 },
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
    #[error("That code is not right. Type the newest code your app shows, or a recovery code.")]
    WrongCode,
    #[error("too many wrong codes")]
    CodesLocked { retry_after_secs: u64 },
    #[error("Type the 6-digit code from your authenticator app, or a recovery code.")]
    CodeRequired,
    #[error("Your sign-in has timed out. Please sign in again.")]
    SignInExpired,
    #[error("Two-step sign-in is already on for this account.")]
    SecondFactorAlreadyOn,
    #[error("Two-step sign-in is not on for this account.")]
    SecondFactorNotOn,
    #[error("Start setting up two-step sign-in again: the key shown before is no longer waiting.")]
    NothingToConfirm,
    #[error(
        "Two-step sign-in is not available on this server yet: its administrator has to set SECOND_FACTOR_KEY."
    )]
    SecondFactorUnavailable,
    #[error(
        "Passkeys need this site to be opened by its domain name: its administrator has to set PUBLIC_URL."
    )]
    PasskeysUnavailable,
    #[error("Your passkey could not be checked. Try again, or sign in another way.")]
    PasskeyFailed,
    #[error(
        "This passkey is not added to any account here. Sign in another way, then add it on your account page."
    )]
    PasskeyUnknown,
    #[error("That took too long. Please try again.")]
    PasskeyExpired,
    #[error(
        "This account has 10 passkeys and security keys, the most it may have. Remove one first."
    )]
    TooManyPasskeys,
    #[error("This passkey is already added to an account here.")]
    PasskeyAlreadyAdded,
    #[error(
        "Turn on two-step sign-in with an authenticator app first: a security key is a second step beside it."
    )]
    SecurityKeyNeedsApp,
    #[error("There is no such passkey on this account.")]
    PasskeyNotFound,
    #[error("a second-factor secret does not open")]
    SecretDoesNotOpen,
    #[error("the store failed")]
    Store(#[from] StoreError),
    #[error("password hashing failed")]
    Hashing(#[from] HashError),
}
