//! The body of a state-changing API call: JSON from one of our own pages.
//!
//! Such calls must come from our own pages (Origin check, else 403) with a JSON body (else
//! 415): a cross-site form cannot send JSON, and a cross-site fetch cannot pass the Origin
//! check.

use axum::{
    Json,
    extract::{FromRequest, Request, rejection::JsonRejection},
    http::{HeaderMap, StatusCode},
};

use super::{body_limit::BodyLimit, error::ApiError, state::AppState};
use crate::web::security::is_same_origin;

/// A JSON body from one of our own pages.
pub struct SameOriginJson<T>(pub T);

/// Refuses a state-changing call that does not come from one of our own pages (403). For a
/// body that is not JSON (an editor's upload); [`SameOriginJson`] checks it itself.
pub fn require_same_origin(headers: &HeaderMap, state: &AppState) -> Result<(), ApiError> {
    if is_same_origin(headers, state.config.public_origin.as_deref()) {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "cross-origin",
            "This request must come from the college website itself.",
        ))
    }
}

impl<T> FromRequest<AppState> for SameOriginJson<T>
where
    T: serde::de::DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        require_same_origin(request.headers(), state)?;
        let limit = request.extensions().get::<BodyLimit>().copied();
        match Json::<T>::from_request(request, state).await {
            Ok(Json(body)) => Ok(Self(body)),
            Err(JsonRejection::MissingJsonContentType(_)) => Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported-media-type",
                "Send the request as JSON (Content-Type: application/json).",
            )),
            // A body without `Content-Length` is cut off only as it is read: the same answer
            // as the one `api_errors` gives when the length is announced.
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(ApiError::payload_too_large(limit))
            }
            Err(rejection) => Err(ApiError::new(
                rejection.status(),
                "malformed-request",
                rejection.body_text(),
            )),
        }
    }
}
