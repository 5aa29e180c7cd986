//! Takes the site's connections and serves them over HTTP/1.1 so that no client can hold the
//! server: a request's headers must arrive within the header timeout (the same timer closes
//! a keep-alive connection left idle that long), and at most `max_open` connections are open
//! at once. When that many are, the ones with no request in progress are closed first, oldest
//! first, so that a new visitor (or a health check) is served at once; while every open
//! connection is busy, new ones wait in the system's queue until one finishes. A client that
//! stops reading its answer is cut off after the send timeout.
//!
//! HTTP/1.1 only: browsers speak HTTP/2 only over TLS, which a reverse proxy in front ends,
//! and a cleartext HTTP/2 connection has no header timeout to hold it to.

mod open;
mod send_timeout;

use std::{convert::Infallible, io, net::SocketAddr, pin::pin, sync::Arc, time::Duration};

use axum::{Router, body::Body, extract::ConnectInfo};
use hyper::{body::Incoming, server::conn::http1, service::service_fn};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::{net::TcpListener, sync::Semaphore};
use tokio_util::{sync::CancellationToken, task::TaskTracker};
use tower::ServiceExt;

pub use crate::config::ConnectionLimits;
use open::{Busy, OpenConnections};
use send_timeout::SendTimeout;

/// The most a request's line and headers may take, in bytes (hyper's default is about
/// 400 KB). Generous for cookies and long addresses; nothing the site sends comes near it.
const MAX_HEAD_BYTES: usize = 64 * 1024;

/// How many idle connections are closed at once when the limit is reached: a few, so that a
/// burst of visitors does not close them one accept at a time.
const CLOSE_AT_ONCE: usize = 16;

/// After the system refuses to accept (out of file descriptors, say), how long to wait before
/// trying again, having closed idle connections.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// Serves `router` on `listener` until `shutdown` is cancelled, then lets the requests in
/// progress finish.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: CancellationToken,
) -> io::Result<()> {
    let open = OpenConnections::default();
    let permits = Arc::new(Semaphore::new(within_file_limit(limits.max_open)));
    let connections = TaskTracker::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES);
    loop {
        let accepted = tokio::select! {
            biased;
            () = shutdown.cancelled() => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) if is_connection_error(&error) => continue,
            Err(error) => {
                tracing::warn!(error = %crate::error_chain::Chain(&error), "cannot accept a connection; closing idle ones");
                open.close_idle(CLOSE_AT_ONCE);
                tokio::time::sleep(ACCEPT_PAUSE).await;
                continue;
            }
        };
        let permit = match permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                open.close_idle(CLOSE_AT_ONCE);
                tokio::select! {
                    () = shutdown.cancelled() => break,
                    permit = permits.clone().acquire_owned() => match permit {
                        Ok(permit) => permit,
                        Err(_) => break,
                    },
                }
            }
        };
        let entry = open.register();
        let _ = stream.set_nodelay(true);
        let busy = entry.busy();
        let router = router.clone();
        let service = service_fn(move |request: hyper::Request<Incoming>| {
            let router = router.clone();
            let busy = busy.start();
            async move { Ok::<_, Infallible>(handle(router, request, peer, busy).await) }
        });
        let stream = SendTimeout::new(stream, limits.send_timeout);
        let connection = http.serve_connection(TokioIo::new(stream), service);
        let shutdown = shutdown.clone();
        connections.spawn(async move {
            let _permit = permit;
            let mut connection = pin!(connection);
            tokio::select! {
                result = connection.as_mut() => {
                    if let Err(error) = result {
                        tracing::debug!(%error, "connection ended with an error");
                    }
                }
                // Closed to make room: it had no request in progress, so nothing is lost.
                () = entry.closed() => {}
                () = shutdown.cancelled() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    // New connections are refused from now on; those open finish what they are doing.
    drop(listener);
    connections.close();
    connections.wait().await;
    Ok(())
}

/// One request: the router's answer, whose body keeps the connection counted as busy until
/// it has been sent.
async fn handle(
    router: Router,
    mut request: hyper::Request<Incoming>,
    peer: SocketAddr,
    busy: Busy,
) -> axum::response::Response<open::TrackedBody> {
    request.extensions_mut().insert(ConnectInfo(peer));
    let response = match router.oneshot(request.map(Body::new)).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    response.map(|body| open::TrackedBody::new(body, busy))
}

/// Descriptors kept for everything else: the database's connections, the metrics listener,
/// backups, mail, the files being served.
const OTHER_DESCRIPTORS: u64 = 128;

/// `wanted`, or fewer when the process may not open that many files (`ulimit -n`): a
/// connection the system would refuse to accept is better refused by the listener, which can
/// close an idle one instead.
fn within_file_limit(wanted: usize) -> usize {
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
    let Some(files) = limit else {
        return wanted;
    };
    let room = usize::try_from(files.saturating_sub(OTHER_DESCRIPTORS).max(16)).unwrap_or(wanted);
    if room < wanted {
        tracing::warn!(
            wanted,
            allowed = room,
            "the file limit (ulimit -n) allows fewer connections than MAX_CONNECTIONS"
        );
    }
    wanted.min(room)
}

/// Errors of one connection that the listener shrugs off (the client gave up before it was
/// accepted), as opposed to the system running out of something.
fn is_connection_error(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}
