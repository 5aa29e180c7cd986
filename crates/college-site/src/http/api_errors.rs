//! Every error answer under `/api/` in the API's JSON shape, including the ones no handler of
//! ours writes: the framework's 404 (unknown address) and 405 (method not allowed), the body
//! limit's 413 and the timeout's 408, and any other plain-text rejection.
//!
//! The app reads `error.code` and `error.message` of every failed API call (and shows the
//! message as it is), so such answers must not come as plain text, empty, or as the site's
//! HTML 404 page.

use axum::{
    extract::Request,
    http::{HeaderMap, Method, StatusCode, header},
    middleware::Next,
    response::{IntoResponse, Response},
};

use super::{body_limit::BodyLimit, error::ApiError};

/// Middleware: an answer to an `/api/` request with an error status and a body that is not
/// already JSON (our handlers answer [`ApiError`]s, which are) is replaced by the [`ApiError`]
/// for its status. The status stays, and so do `Allow` and `Retry-After`; the body, its
/// headers and any caching headers are those of the JSON error (`Cache-Control: no-store`).
///
/// Added in `app::router` outside the timeout and the body limits, so it sees their answers
/// too, and inside the security headers, which every answer then gets as before.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let for_api = is_api_path(request.uri().path());
    let method = request.method().clone();
    let response = next.run(request).await;
    let status = response.status();
    if !for_api || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    if is_json(response.headers()) {
        return response;
    }
    let (parts, _replaced_body) = response.into_parts();
    let mut error = error_for(
        status,
        &method,
        parts.extensions.get::<BodyLimit>().copied(),
    );
    let retry_after = parts.headers.get(header::RETRY_AFTER);
    if let Some(seconds) = retry_after
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u64>().ok())
    {
        error = error.retrying_after(seconds);
    }
    let mut answer = error.into_response();
    // A `Retry-After` given as a date is kept as it is (only seconds fit `retryAfter`).
    for (name, value) in [
        (header::ALLOW, parts.headers.get(header::ALLOW)),
        (header::RETRY_AFTER, retry_after),
    ] {
        if let Some(value) = value {
            answer.headers_mut().insert(name, value.clone());
        }
    }
    answer
}

/// `/api` and everything under it.
pub fn is_api_path(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// `Content-Type: application/json`, with or without parameters.
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// The error the API gives for a status the framework answered.
fn error_for(status: StatusCode, method: &Method, limit: Option<BodyLimit>) -> ApiError {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::payload_too_large(limit),
        StatusCode::METHOD_NOT_ALLOWED => ApiError::new(
            status,
            "method-not-allowed",
            format!("This address of the API does not take {method} requests."),
        ),
        StatusCode::NOT_FOUND => ApiError::new(
            status,
            "not-found",
            "There is nothing at this address of the API.",
        ),
        StatusCode::URI_TOO_LONG => ApiError::new(
            status,
            "address-too-long",
            "This address of the API is too long.",
        ),
        StatusCode::NOT_IMPLEMENTED => ApiError::new(
            status,
            "method-not-implemented",
            "The API does not know this request method.",
        ),
        StatusCode::REQUEST_TIMEOUT => ApiError::new(
            status,
            "request-timeout",
            "The request took too long. Please try again.",
        ),
        StatusCode::BAD_REQUEST => ApiError::new(
            status,
            "malformed-request",
            "The request could not be read.",
        ),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::new(
            status,
            "unsupported-media-type",
            "Send the request as JSON (Content-Type: application/json).",
        ),
        _ if status.is_server_error() => ApiError::new(
            status,
            "unavailable",
            "The service is unavailable just now. Please try again in a minute.",
        ),
        _ => ApiError::new(
            status,
            "request-refused",
            "The server cannot handle this request.",
        ),
    }
}

#[cfg(test)]
mod tests {
    use axum::{Router, body::Body, http::HeaderValue, middleware, response::Html, routing::get};
    use serde_json::{Value, json};
    use tower::ServiceExt as _;

    use super::*;

    /// Routes answering errors the way the framework does, behind the middleware.
    fn app() -> Router {
        Router::new()
            .route(
                "/api/busy",
                get(|| async {
                    (
                        StatusCode::TOO_MANY_REQUESTS,
                        [(header::RETRY_AFTER, "7")],
                        "slow down",
                    )
                }),
            )
            .route(
                "/api/ours",
                get(|| async { ApiError::new(StatusCode::CONFLICT, "ours", "Our own.") }),
            )
            .route("/api/broken", get(|| async { StatusCode::BAD_GATEWAY }))
            .route(
                "/page",
                get(|| async { (StatusCode::NOT_FOUND, Html("<h1>Not here</h1>")) }),
            )
            .layer(middleware::from_fn(json_errors))
    }

    async fn call(method: Method, path: &str) -> (StatusCode, HeaderMap, Vec<u8>) {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .expect("request");
        let response = app().oneshot(request).await.expect("answered");
        let (parts, body) = response.into_parts();
        let body = axum::body::to_bytes(body, usize::MAX).await.expect("body");
        (parts.status, parts.headers, body.to_vec())
    }

    fn error_in(body: &[u8]) -> Value {
        serde_json::from_slice::<Value>(body).expect("json")["error"].clone()
    }

    #[tokio::test]
    async fn plain_errors_become_json_and_keep_allow_and_retry_after() {
        let (status, headers, body) = call(Method::GET, "/api/busy").await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(headers[header::RETRY_AFTER], "7");
        assert_eq!(headers[header::CACHE_CONTROL], "no-store");
        assert!(is_json(&headers));
        let error = error_in(&body);
        assert_eq!(error["code"], "request-refused");
        assert_eq!(error["retryAfter"], 7);

        let (status, headers, body) = call(Method::DELETE, "/api/busy").await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
        assert!(
            headers[header::ALLOW]
                .to_str()
                .expect("ascii")
                .contains("GET")
        );
        let error = error_in(&body);
        assert_eq!(error["code"], "method-not-allowed");
        assert!(
            error["message"]
                .as_str()
                .expect("message")
                .contains("DELETE")
        );

        let (status, _, body) = call(Method::GET, "/api/broken").await;
        assert_eq!(status, StatusCode::BAD_GATEWAY);
        assert_eq!(error_in(&body)["code"], "unavailable");
    }

    #[tokio::test]
    async fn json_errors_and_pages_are_left_as_they_are() {
        let (status, _, body) = call(Method::GET, "/api/ours").await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            error_in(&body),
            json!({"code": "ours", "message": "Our own.", "field": null, "retryAfter": null})
        );

        let (status, headers, body) = call(Method::GET, "/page").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(!is_json(&headers));
        assert_eq!(body, b"<h1>Not here</h1>");
    }

    #[test]
    fn only_the_api_and_only_non_json_bodies() {
        assert!(is_api_path("/api/auth/login"));
        assert!(is_api_path("/api"));
        assert!(!is_api_path("/apis"));
        assert!(!is_api_path("/about/api/x"));

        let mut headers = HeaderMap::new();
        assert!(!is_json(&headers));
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("Application/JSON; charset=utf-8"),
        );
        assert!(is_json(&headers));
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        );
        assert!(!is_json(&headers));
    }
}
