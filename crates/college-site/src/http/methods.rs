//! The HTTP methods the site knows. Any other token is a method to HTTP, and a client may
//! send a new one with every request, as long as hyper lets a request's head be: answered at
//! once with 501, and named "other" wherever a request is counted or logged, so that made-up
//! methods add nothing to the metrics or the logs.

use axum::{
    extract::Request,
    http::{Method, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};

const KNOWN: [Method; 7] = [
    Method::GET,
    Method::HEAD,
    Method::POST,
    Method::PUT,
    Method::PATCH,
    Method::DELETE,
    Method::OPTIONS,
];

/// The name of `method` for metrics and logs: one of the known methods, or `other`.
pub fn label(method: &Method) -> &'static str {
    KNOWN
        .iter()
        .find(|known| *known == method)
        .map_or("other", Method::as_str)
}

/// Middleware: a request whose method the site does not know is answered 501 before any
/// route sees it (under `/api/` in the API's JSON shape, by `api_errors::json_errors`).
pub async fn known_only(request: Request, next: Next) -> Response {
    if KNOWN.contains(request.method()) {
        next.run(request).await
    } else {
        (
            StatusCode::NOT_IMPLEMENTED,
            "This server does not know that request method.",
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use axum::http::Method;

    use super::label;

    #[test]
    fn known_methods_keep_their_name_and_others_are_one_label() {
        assert_eq!(label(&Method::GET), "GET");
        assert_eq!(label(&Method::OPTIONS), "OPTIONS");
        assert_eq!(label(&Method::TRACE), "other");
        let made_up = Method::from_bytes(&[b'X'; 5000]).expect("a token");
        assert_eq!(label(&made_up), "other");
    }
}
