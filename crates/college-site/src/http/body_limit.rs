//! The largest request body a group of routes takes, enforced in one place and remembered so
//! that a 413 can say what the limit is.

use std::time::Duration;

use axum::{
    Router,
    body::Body,
    extract::{DefaultBodyLimit, Request, State},
    http::{StatusCode, header},
    middleware::{self, Next},
    response::Response,
};
use futures_util::StreamExt;
use tower_http::limit::RequestBodyLimitLayer;

/// A body declared over the limit but no larger than this is read and thrown away after the
/// 413 is sent (which goes out at once). Closing a connection with unread data makes the
/// client's system send a reset that may lose the answer: the browser would show a network
/// error instead of the clear "too large". Four times the largest limit (1 MB): room for what
/// a page might send by mistake.
const DRAIN_AT_MOST: u64 = 4 * 1024 * 1024;

/// How long a body being thrown away may take to arrive before the connection is closed.
const DRAIN_FOR: Duration = Duration::from_secs(10);

/// The body limit of the route a request went to, in bytes. Found in the request's
/// extensions (for [`super::same_origin_json::SameOriginJson`], which reads the body) and in
/// the extensions of a 413 answer (for [`super::api_errors`], which explains it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyLimit(pub usize);

impl BodyLimit {
    /// The limit in words, never more than it really is: "64 KB", "1 MB", "500 bytes".
    pub fn in_words(self) -> String {
        const KB: usize = 1024;
        const MB: usize = 1024 * KB;
        match self.0 {
            bytes if bytes >= MB && bytes % MB == 0 => format!("{} MB", bytes / MB),
            bytes if bytes >= KB => format!("{} KB", bytes / KB),
            1 => "1 byte".to_owned(),
            bytes => format!("{bytes} bytes"),
        }
    }
}

/// `router` taking bodies of at most `bytes`: axum's extractors stop reading there
/// (`DefaultBodyLimit`), a `Content-Length` over it is refused at once, before any handler runs
/// (`RequestBodyLimitLayer`), and both know the limit ([`BodyLimit`]). A body declared over the
/// limit is then read to its end in the background, up to [`DRAIN_AT_MOST`] and for at most
/// [`DRAIN_FOR`], so that the client gets the 413 and may use the connection again.
pub fn limit_body<S>(router: Router<S>, bytes: usize) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
{
    router
        .layer(DefaultBodyLimit::max(bytes))
        .layer(RequestBodyLimitLayer::new(bytes))
        .layer(middleware::from_fn_with_state(
            BodyLimit(bytes),
            remember_limit,
        ))
}

async fn remember_limit(
    State(limit): State<BodyLimit>,
    mut request: Request,
    next: Next,
) -> Response {
    request.extensions_mut().insert(limit);
    // A client that asked first (`Expect: 100-continue`) has not sent the body, and reading
    // it would ask for it: it gets the 413 instead, and sends nothing.
    let waits_to_send = request.headers().contains_key(header::EXPECT);
    if !waits_to_send
        && declared_length(&request)
            .is_some_and(|length| length > limit.0 as u64 && length <= DRAIN_AT_MOST)
    {
        // The 413 is still made by `RequestBodyLimitLayer` from the declared length, and sent
        // while the connection reads on: it keeps reading for the task holding the body.
        let (parts, body) = request.into_parts();
        tokio::spawn(drain(body));
        request = Request::from_parts(parts, Body::empty());
    }
    let mut response = next.run(request).await;
    if response.status() == StatusCode::PAYLOAD_TOO_LARGE {
        response.extensions_mut().insert(limit);
    }
    response
}

fn declared_length(request: &Request) -> Option<u64> {
    request
        .headers()
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// Reads `body` to its end (or until [`DRAIN_FOR`] has passed, or it fails), keeping nothing.
async fn drain(body: Body) {
    let mut chunks = body.into_data_stream();
    let _ = tokio::time::timeout(DRAIN_FOR, async {
        while let Some(Ok(_)) = chunks.next().await {}
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::BodyLimit;

    #[test]
    fn limits_read_as_people_write_them() {
        assert_eq!(BodyLimit(1024 * 1024).in_words(), "1 MB");
        assert_eq!(BodyLimit(64 * 1024).in_words(), "64 KB");
        assert_eq!(BodyLimit(1536 * 1024).in_words(), "1536 KB");
        assert_eq!(BodyLimit(1500).in_words(), "1 KB");
        assert_eq!(BodyLimit(500).in_words(), "500 bytes");
        assert_eq!(BodyLimit(1).in_words(), "1 byte");
    }
}
