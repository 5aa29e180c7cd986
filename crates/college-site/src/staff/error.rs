//! What can go wrong in the staff area, and how each answers over HTTP.

use axum::http::StatusCode;

use crate::{http::error::ApiError, store::StoreError};

#[derive(Debug, thiserror::Error)]
pub enum StaffError {
    #[error("{message}")]
    BadFilter {
        field: &'static str,
        message: &'static str,
    },
    #[error("There is no such message.")]
    UnknownMessage,
    #[error("There is no such account.")]
    UnknownPerson,
    #[error("Choose a status: new, read, answered or archived.")]
    BadStatus,
    #[error("Choose a status: new, contacted, follow-up, enrolled or closed.")]
    BadEnquiryStatus,
    #[error("Choose the day to call again, today or later.")]
    BadFollowUp,
    #[error("Write the note, in at most 2,000 characters.")]
    BadNote,
    #[error("This message holds as many notes as it can: 200.")]
    TooManyNotes,
    #[error("Choose a role: teacher, office, admin, editor or grievance-committee.")]
    BadRole,
    #[error(
        "Only a member of the grievance committee can be its chairperson: give them the role first."
    )]
    NotOnTheCommittee,
    #[error("This message's mail has not failed: there is nothing to send again.")]
    NotFailed,
    #[error("Enter your password again to do this.")]
    ConfirmIdentity,
    #[error("You are the only administrator: make someone else an administrator first.")]
    LastAdmin,
    #[error("You cannot disable your own account.")]
    OwnAccount,
    #[error("This account has no two-step sign-in: there is nothing to reset.")]
    NoSecondFactor,
    #[error("Reset your own two-step sign-in on your account page.")]
    OwnSecondFactor,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<StaffError> for ApiError {
    fn from(error: StaffError) -> Self {
        let message = error.to_string();
        match error {
            StaffError::BadFilter { field, .. } => {
                ApiError::new(StatusCode::BAD_REQUEST, "bad-filter", message).for_field(field)
            }
            StaffError::UnknownMessage | StaffError::UnknownPerson => {
                ApiError::new(StatusCode::NOT_FOUND, "not-found", message)
            }
            StaffError::BadStatus | StaffError::BadEnquiryStatus => {
                ApiError::new(StatusCode::BAD_REQUEST, "bad-status", message).for_field("status")
            }
            StaffError::BadFollowUp => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", message)
                    .for_field("followUpOn")
            }
            StaffError::BadNote => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", message)
                    .for_field("text")
            }
            StaffError::TooManyNotes => ApiError::new(StatusCode::CONFLICT, "full", message),
            StaffError::BadRole => {
                ApiError::new(StatusCode::BAD_REQUEST, "bad-role", message).for_field("role")
            }
            StaffError::NotFailed => ApiError::new(StatusCode::CONFLICT, "not-failed", message),
            StaffError::NotOnTheCommittee => {
                ApiError::new(StatusCode::CONFLICT, "not-on-the-committee", message)
            }
            StaffError::ConfirmIdentity => {
                ApiError::new(StatusCode::FORBIDDEN, "confirm-identity", message)
            }
            StaffError::LastAdmin => ApiError::new(StatusCode::CONFLICT, "last-admin", message),
            StaffError::OwnAccount | StaffError::OwnSecondFactor => {
                ApiError::new(StatusCode::CONFLICT, "self", message)
            }
            StaffError::NoSecondFactor => {
                ApiError::new(StatusCode::CONFLICT, "no-second-factor", message)
            }
            StaffError::Store(error) => ApiError::unavailable_because(&error),
        }
    }
}
