//! What can go wrong with a class, and how each answers over HTTP.

use axum::http::StatusCode;

use super::domain::{MAX_CLASSES_JOINED, MAX_CLASSES_PER_TEACHER, MAX_STUDENTS, NAME_MAX};
use crate::{http::error::ApiError, store::StoreError};

#[derive(Debug, thiserror::Error)]
pub enum ClassError {
    #[error(
        "Give the class a name of 1 to {NAME_MAX} characters, on one line, without characters that change the direction of text."
    )]
    InvalidName,
    #[error(
        "You have {MAX_CLASSES_PER_TEACHER} classes, the most one teacher can keep. Delete one you no longer need, then try again."
    )]
    TooManyClasses,
    #[error("This class does not exist, or it is not yours.")]
    UnknownClass,
    #[error("This class is archived. Bring it back to change it.")]
    Archived,
    #[error(
        "This join link does not work. Check it with your teacher: they may have made a new one."
    )]
    UnknownCode,
    #[error("This class is not taking new students. Ask your teacher.")]
    JoiningClosed,
    #[error(
        "This class is full: it has {MAX_STUDENTS} students, the most a class can have. Ask your teacher."
    )]
    ClassFull,
    #[error(
        "You are in {MAX_CLASSES_JOINED} classes, the most one account can join. Leave one you no longer take, then try again."
    )]
    TooManyJoined,
    #[error("You teach this class, so you cannot join it as a student.")]
    OwnClass,
    #[error("This student is not in this class.")]
    UnknownStudent,
    #[error("You are not in this class.")]
    NotAMember,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<ClassError> for ApiError {
    fn from(error: ClassError) -> Self {
        let (status, code) = match &error {
            ClassError::InvalidName => (StatusCode::UNPROCESSABLE_ENTITY, "invalid-name"),
            ClassError::TooManyClasses => (StatusCode::CONFLICT, "too-many-classes"),
            ClassError::UnknownClass => (StatusCode::NOT_FOUND, "unknown-class"),
            ClassError::Archived => (StatusCode::CONFLICT, "class-archived"),
            ClassError::UnknownCode => (StatusCode::NOT_FOUND, "unknown-code"),
            ClassError::JoiningClosed => (StatusCode::CONFLICT, "joining-closed"),
            ClassError::ClassFull => (StatusCode::CONFLICT, "class-full"),
            ClassError::TooManyJoined => (StatusCode::CONFLICT, "too-many-joined"),
            ClassError::OwnClass => (StatusCode::CONFLICT, "own-class"),
            ClassError::UnknownStudent => (StatusCode::NOT_FOUND, "unknown-student"),
            ClassError::NotAMember => (StatusCode::NOT_FOUND, "not-a-member"),
            ClassError::Store(store) => return ApiError::unavailable_because(store),
        };
        let api = ApiError::new(status, code, error.to_string());
        if matches!(error, ClassError::InvalidName) {
            api.for_field("name")
        } else {
            api
        }
    }
}
