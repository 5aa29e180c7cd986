//! One log line per request, and the request id that ties it to the answer: every request
//! gets an `x-request-id` (the one a trusted proxy in front set, else a new UUID), every
//! answer carries it back, and every line logged while the request is handled names it.

use std::{net::SocketAddr, sync::Arc, time::Duration};

use axum::{
    extract::{ConnectInfo, MatchedPath, State},
    http::{HeaderName, Request, Response},
    middleware::Next,
};
use ipnet::IpNet;
use tower_http::{
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    trace::{MakeSpan, OnResponse, TraceLayer},
};
use tracing::Span;

use crate::http::methods;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The label of requests no route matched (the web app's pages and files, unknown addresses):
/// their paths are not logged, so that what anyone types in the address bar stays out of logs
/// and metrics.
pub const UNMATCHED_ROUTE: &str = "fallback";

/// The route template a request matched, e.g. `/api/classes/{id}`, never its path.
pub fn route_of<B>(request: &Request<B>) -> &str {
    request
        .extensions()
        .get::<MatchedPath>()
        .map_or(UNMATCHED_ROUTE, MatchedPath::as_str)
}

/// Gives each request an id (unless it has one) and copies it onto the answer. Outermost, so
/// that every answer carries it, the security layer's too.
pub fn set_request_id() -> SetRequestIdLayer<MakeRequestUuid> {
    SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid)
}

/// The longest request id taken from a proxy; a UUID is 36 characters.
const LONGEST_REQUEST_ID: usize = 128;

/// Keeps the `x-request-id` a request came with only when it came from one of the `trusted`
/// proxies and reads as an id (letters, digits and `-_.:`, at most 128); otherwise the header
/// goes and [`set_request_id`] gives the request a new one. Outside it, so it runs first. A
/// visitor cannot write what they like into the logs, nor make their lines pass for those of
/// another request.
pub async fn accept_request_id(
    State(trusted): State<Arc<[IpNet]>>,
    mut request: axum::extract::Request,
    next: Next,
) -> axum::response::Response {
    let from_proxy = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .is_some_and(|ConnectInfo(peer)| {
            let peer = peer.ip().to_canonical();
            trusted.iter().any(|net| net.contains(&peer))
        });
    let readable = request
        .headers()
        .get(REQUEST_ID)
        .is_some_and(|id| is_request_id(id.as_bytes()));
    if !(from_proxy && readable) {
        request.headers_mut().remove(REQUEST_ID);
    }
    next.run(request).await
}

fn is_request_id(id: &[u8]) -> bool {
    !id.is_empty()
        && id.len() <= LONGEST_REQUEST_ID
        && id
            .iter()
            .all(|byte| byte.is_ascii_alphanumeric() || b"-_.:".contains(byte))
}

pub fn propagate_request_id() -> PropagateRequestIdLayer {
    PropagateRequestIdLayer::new(REQUEST_ID)
}

/// The span of a request and its closing line: `request finished` with status and latency.
pub fn trace_layer() -> TraceLayer<
    tower_http::classify::SharedClassifier<tower_http::classify::ServerErrorsAsFailures>,
    RequestSpan,
    (),
    RequestFinished,
> {
    TraceLayer::new_for_http()
        .make_span_with(RequestSpan)
        .on_request(())
        .on_response(RequestFinished)
}

#[derive(Clone, Copy)]
pub struct RequestSpan;

impl<B> MakeSpan<B> for RequestSpan {
    fn make_span(&mut self, request: &Request<B>) -> Span {
        let route = route_of(request);
        let request_id = request
            .headers()
            .get(REQUEST_ID)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("");
        tracing::info_span!(
            "request",
            request_id,
            method = methods::label(request.method()),
            route,
        )
    }
}

#[derive(Clone, Copy)]
pub struct RequestFinished;

/// Put in an answer's extensions by routes that a machine asks every few seconds (health
/// checks): their line is logged at debug, so that they do not drown the visitors' lines.
#[derive(Clone, Copy)]
pub struct QuietLine;

impl<B> OnResponse<B> for RequestFinished {
    fn on_response(self, response: &Response<B>, latency: Duration, _: &Span) {
        let status = response.status().as_u16();
        let latency_ms = latency.as_secs_f64() * 1000.0;
        if response.extensions().get::<QuietLine>().is_some() && status < 500 {
            tracing::debug!(status, latency_ms, "request finished");
        } else {
            tracing::info!(status, latency_ms, "request finished");
        }
    }
}

/// The status class of an answer, `2xx` to `5xx`: the label metrics use.
pub fn status_class(status: u16) -> &'static str {
    match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

#[cfg(test)]
mod tests {
    use super::is_request_id;

    #[test]
    fn ids_are_short_and_plain() {
        assert!(is_request_id(b"proxy-7f3a"));
        assert!(is_request_id(b"67e55044-10b1-426f-9247-bb680e5fe0c8"));
        assert!(is_request_id(b"trace:1.2_3"));
        assert!(!is_request_id(b""));
        assert!(!is_request_id(b"two words"));
        assert!(!is_request_id(b"quote\"here"));
        assert!(!is_request_id("r\u{e9}sum\u{e9}".as_bytes()));
        assert!(!is_request_id(&[b'a'; 129]));
        assert!(is_request_id(&[b'a'; 128]));
    }
}
