//! The JSON API's error: a status, a stable code for the app, a message to show as it is, and
//! for refused input the field it is about.

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde_json::json;

use super::{body_limit::BodyLimit, no_store};
use crate::error_chain::Chain;

/// An API error, answered as `{"error": {"code", "message", "field", "retryAfter"}}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    field: Option<&'static str>,
    retry_after: Option<u64>,
    /// What went wrong on our side, with its causes: logged once, when the answer is made.
    cause: Option<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            field: None,
            retry_after: None,
            cause: None,
        }
    }

    /// 503 for a failure of ours that has no error to tell (a limit of our own).
    pub fn unavailable() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "The service is unavailable just now. Please try again in a minute.",
        )
    }

    /// 503 for a failure of ours (the database is unreachable...): `error` and its causes are
    /// logged once, at error level, when the answer is made, whichever feature it came from.
    pub fn unavailable_because(error: &(dyn std::error::Error + 'static)) -> Self {
        Self {
            cause: Some(Chain(error).to_string()),
            ..Self::unavailable()
        }
    }

    /// 429 with `Retry-After`.
    pub fn too_many(code: &'static str, message: String, seconds: u64) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, code, message).retrying_after(seconds)
    }

    /// 413: the body is over the limit of the route it was sent to, named when known.
    pub fn payload_too_large(limit: Option<BodyLimit>) -> Self {
        let message = match limit {
            Some(limit) => format!(
                "The request is too large: the limit is {}.",
                limit.in_words()
            ),
            None => "The request is too large.".to_owned(),
        };
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, "payload-too-large", message)
    }

    /// Tells the client to wait `seconds` before trying again (`Retry-After` and `retryAfter`).
    pub fn retrying_after(self, seconds: u64) -> Self {
        Self {
            retry_after: Some(seconds),
            ..self
        }
    }

    /// Names the form field the error is about, as the API names it (`email`, `newPassword`).
    pub fn for_field(self, field: &'static str) -> Self {
        Self {
            field: Some(field),
            ..self
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Some(cause) = &self.cause {
            tracing::error!(error = %cause, code = self.code, "request failed");
        }
        let body = json!({
            "error": {
                "code": self.code,
                "message": self.message,
                "field": self.field,
                "retryAfter": self.retry_after,
            }
        });
        let mut response = (self.status, no_store(), Json(body)).into_response();
        if let Some(seconds) = self.retry_after
            && let Ok(value) = HeaderValue::from_str(&seconds.to_string())
        {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoreError;

    #[test]
    fn a_failure_of_ours_keeps_its_causes_for_the_log_and_tells_the_client_none() {
        let error = StoreError::Database(sqlx::Error::PoolTimedOut);
        let api = ApiError::unavailable_because(&error);
        assert_eq!(
            api.cause.as_deref(),
            Some("database error: pool timed out while waiting for an open connection")
        );
        let response = api.into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    }
}
