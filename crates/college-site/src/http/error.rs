//! The JSON API's error: a status, a stable code for the app, a message to show as it is, and
//! for refused input the field it is about.

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde_json::json;

use super::no_store;

/// An API error, answered as `{"error": {"code", "message", "field", "retryAfter"}}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    field: Option<&'static str>,
    retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            field: None,
            retry_after: None,
        }
    }

    /// 503 for a failure of ours (the database is unreachable...), logged by the caller.
    pub fn unavailable() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "The service is unavailable just now. Please try again in a minute.",
        )
    }

    /// 429 with `Retry-After`.
    pub fn too_many(code: &'static str, message: String, seconds: u64) -> Self {
        Self {
            retry_after: Some(seconds),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, code, message)
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
