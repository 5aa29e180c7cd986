//! How the accounts' errors answer over HTTP: each its status and stable code.

use axum::http::StatusCode;

use super::{domain::AccountField, error::AccountError};
use crate::http::{error::ApiError, limits::describe_wait};

impl From<AccountError> for ApiError {
    fn from(error: AccountError) -> Self {
        match error {
            AccountError::Invalid(problem) => Self::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid-input",
                problem.message,
            )
            .for_field(problem.field.name()),
            AccountError::EmailInUse => Self::new(
                StatusCode::CONFLICT,
                "email-already-in-use",
                error.to_string(),
            ),
            AccountError::InvalidCredentials => Self::new(
                StatusCode::UNAUTHORIZED,
                "invalid-credential",
                error.to_string(),
            ),
            AccountError::LockedOut { retry_after_secs } => Self::too_many(
                "too-many-failed-logins",
                format!(
                    "Too many failed logins for this account. Try again in {}, or sign in with Google.",
                    describe_wait(retry_after_secs)
                ),
                retry_after_secs,
            ),
            AccountError::AddressLockedOut { retry_after_secs } => Self::too_many(
                "too-many-requests",
                format!(
                    "Too many failed logins from your connection. Try again in {}, sign in from a browser you used before, or with Google.",
                    describe_wait(retry_after_secs)
                ),
                retry_after_secs,
            ),
            AccountError::ResetLinkInvalid => {
                Self::new(StatusCode::GONE, "reset-link-invalid", error.to_string())
            }
            AccountError::GoogleEmailUnverified => Self::new(
                StatusCode::FORBIDDEN,
                "google-email-unverified",
                error.to_string(),
            ),
            AccountError::WrongPassword => {
                Self::new(StatusCode::FORBIDDEN, "wrong-password", error.to_string())
                    .for_field(AccountField::Password.name())
            }
            AccountError::RecentSignInRequired => Self::new(
                StatusCode::FORBIDDEN,
                "recent-sign-in-required",
                error.to_string(),
            ),
            AccountError::Disabled => {
                Self::new(StatusCode::FORBIDDEN, "account-disabled", error.to_string())
            }
            AccountError::LastAdmin => {
                Self::new(StatusCode::CONFLICT, "last-admin", error.to_string())
            }
            AccountError::WrongCode => {
                Self::new(StatusCode::BAD_REQUEST, "wrong-code", error.to_string())
                    .for_field("code")
            }
            AccountError::CodesLocked { retry_after_secs } => Self::too_many(
                "too-many-wrong-codes",
                format!(
                    "Too many wrong codes for this account. Try again in {}. We have emailed the account's owner.",
                    describe_wait(retry_after_secs)
                ),
                retry_after_secs,
            ),
            AccountError::CodeRequired => {
                Self::new(StatusCode::BAD_REQUEST, "code-required", error.to_string())
                    .for_field("code")
            }
            AccountError::SignInExpired => Self::new(
                StatusCode::UNAUTHORIZED,
                "sign-in-expired",
                error.to_string(),
            ),
            AccountError::SecondFactorAlreadyOn => {
                Self::new(StatusCode::CONFLICT, "second-factor-on", error.to_string())
            }
            AccountError::SecondFactorNotOn => {
                Self::new(StatusCode::CONFLICT, "second-factor-off", error.to_string())
            }
            AccountError::NothingToConfirm => Self::new(
                StatusCode::CONFLICT,
                "nothing-to-confirm",
                error.to_string(),
            ),
            AccountError::SecondFactorUnavailable => Self::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "second-factor-unavailable",
                error.to_string(),
            ),
            AccountError::PasskeysUnavailable => Self::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "passkeys-unavailable",
                error.to_string(),
            ),
            AccountError::PasskeyFailed => {
                Self::new(StatusCode::BAD_REQUEST, "passkey-failed", error.to_string())
            }
            AccountError::PasskeyUnknown => Self::new(
                StatusCode::UNAUTHORIZED,
                "passkey-unknown",
                error.to_string(),
            ),
            AccountError::PasskeyExpired => Self::new(
                StatusCode::BAD_REQUEST,
                "passkey-expired",
                error.to_string(),
            ),
            AccountError::TooManyPasskeys => {
                Self::new(StatusCode::CONFLICT, "too-many-passkeys", error.to_string())
            }
            AccountError::PasskeyAlreadyAdded => Self::new(
                StatusCode::CONFLICT,
                "passkey-already-added",
                error.to_string(),
            ),
            AccountError::SecurityKeyNeedsApp => Self::new(
                StatusCode::CONFLICT,
                "security-key-needs-app",
                error.to_string(),
            ),
            AccountError::PasskeyNotFound => {
                Self::new(StatusCode::NOT_FOUND, "not-found", error.to_string())
            }
            AccountError::Store(_) | AccountError::Hashing(_) | AccountError::SecretDoesNotOpen => {
                Self::unavailable_because(&error)
            }
        }
    }
}
