//! What can go wrong with the college's content, and how each answers over HTTP.

use axum::http::StatusCode;

use crate::{http::error::ApiError, store::StoreError};

#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    /// A field the editor must fix: its name and what to do.
    #[error("{1}")]
    Field(&'static str, &'static str),
    #[error("There is no such notice.")]
    UnknownNotice,
    #[error("There is no such page.")]
    UnknownPage,
    #[error("There is no such course.")]
    UnknownCourse,
    #[error("The disclosure has no such item.")]
    UnknownDisclosure,
    #[error("There is no such person.")]
    UnknownPerson,
    /// A version that cannot be published: the label of its first field to fix.
    #[error(
        "This version leaves “{0}” empty or unfinished: fill it in and save before publishing."
    )]
    Unfinished(&'static str),
    #[error("There is no such revision.")]
    UnknownRevision,
    #[error(
        "Someone saved a newer version while you were editing. Copy your text, reload, and apply your change again."
    )]
    Stale { head: i64 },
    #[error("The site holds as many notices as it can keep. Delete old ones first.")]
    Full,
    #[error("The site holds as many people as it can keep (5,000, former staff included).")]
    TooManyPeople,
    #[error("Only what visitors read can be marked reviewed: publish the item first.")]
    NeverPublished,
    #[error("Choose a time in the future to publish at, or publish now.")]
    PublishInThePast,
    #[error("The notice would expire before it is published: choose a later expiry.")]
    ExpiresFirst,
    #[error(transparent)]
    Refused(#[from] super::files::check::UploadRefused),
    #[error("There is no such file here.")]
    UnknownFile,
    #[error("An item can carry at most 20 files. Delete one it no longer needs first.")]
    TooManyFiles,
    #[error(
        "The site's room for files is full. Delete files nothing needs any more, or ask the site's administrator for more room."
    )]
    FilesFull,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<ContentError> for ApiError {
    fn from(error: ContentError) -> Self {
        let message = error.to_string();
        match error {
            ContentError::Field(field, _) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", message).for_field(field)
            }
            ContentError::UnknownNotice
            | ContentError::UnknownPage
            | ContentError::UnknownCourse
            | ContentError::UnknownDisclosure
            | ContentError::UnknownPerson
            | ContentError::UnknownRevision => {
                ApiError::new(StatusCode::NOT_FOUND, "not-found", message)
            }
            ContentError::Stale { .. } => ApiError::new(StatusCode::CONFLICT, "stale", message),
            ContentError::Full | ContentError::TooManyPeople => {
                ApiError::new(StatusCode::CONFLICT, "full", message)
            }
            ContentError::NeverPublished => {
                ApiError::new(StatusCode::CONFLICT, "not-published", message)
            }
            ContentError::Unfinished(_) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "unfinished", message)
            }
            ContentError::PublishInThePast => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", message)
                    .for_field("publishAt")
            }
            ContentError::ExpiresFirst => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", message)
                    .for_field("expiresAt")
            }
            ContentError::Refused(_) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "file-refused", message)
            }
            ContentError::UnknownFile => ApiError::new(StatusCode::NOT_FOUND, "not-found", message),
            ContentError::TooManyFiles | ContentError::FilesFull => {
                ApiError::new(StatusCode::CONFLICT, "full", message)
            }
            ContentError::Store(error) => ApiError::unavailable_because(&error),
        }
    }
}
