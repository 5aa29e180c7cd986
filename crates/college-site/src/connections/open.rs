//! The open connections, oldest first, and whether each has a request in progress: what the
//! listener closes when it needs room.

use std::{
    collections::BTreeMap,
    pin::Pin,
    sync::{
        Arc, Mutex,
        atomic::{AtomicU64, AtomicUsize, Ordering},
    },
    task::{Context, Poll},
};

use axum::body::{Body, Bytes};
use http_body::{Frame, SizeHint};
use tokio_util::sync::CancellationToken;

#[derive(Default)]
struct Connection {
    /// Requests whose answer has not been sent in full.
    busy: Arc<AtomicUsize>,
    close: CancellationToken,
}

/// Every open connection, by the order it was accepted in.
#[derive(Clone, Default)]
pub(super) struct OpenConnections {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    by_age: Mutex<BTreeMap<u64, Connection>>,
    next: AtomicU64,
}

impl OpenConnections {
    /// Counts a new connection until the returned entry is dropped.
    pub(super) fn register(&self) -> Entry {
        let id = self.inner.next.fetch_add(1, Ordering::Relaxed);
        let connection = Connection::default();
        let entry = Entry {
            id,
            busy: connection.busy.clone(),
            close: connection.close.clone(),
            open: self.clone(),
        };
        self.lock().insert(id, connection);
        entry
    }

    /// Asks up to `at_most` connections with no request in progress to close, oldest first.
    /// Returns how many were asked.
    pub(super) fn close_idle(&self, at_most: usize) -> usize {
        let by_age = self.lock();
        let idle = by_age.values().filter(|connection| {
            !connection.close.is_cancelled() && connection.busy.load(Ordering::Acquire) == 0
        });
        let mut asked = 0;
        for connection in idle.take(at_most) {
            connection.close.cancel();
            asked += 1;
        }
        asked
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<u64, Connection>> {
        // A panic while holding this lock leaves the map whole: keep using it.
        self.inner
            .by_age
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A connection's place among the open ones; dropping it removes the connection.
pub(super) struct Entry {
    id: u64,
    busy: Arc<AtomicUsize>,
    close: CancellationToken,
    open: OpenConnections,
}

impl Entry {
    /// Resolves when the listener asks this connection to close.
    pub(super) async fn closed(&self) {
        self.close.cancelled().await;
    }

    /// What the connection's requests mark themselves busy with.
    pub(super) fn busy(&self) -> BusyCount {
        BusyCount(self.busy.clone())
    }
}

impl Drop for Entry {
    fn drop(&mut self) {
        self.open.lock().remove(&self.id);
    }
}

/// The count of a connection's requests in progress.
#[derive(Clone)]
pub(super) struct BusyCount(Arc<AtomicUsize>);

impl BusyCount {
    /// Marks a request in progress until the returned guard is dropped.
    pub(super) fn start(&self) -> Busy {
        self.0.fetch_add(1, Ordering::AcqRel);
        Busy(self.0.clone())
    }
}

/// One request in progress.
pub(super) struct Busy(Arc<AtomicUsize>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// An answer's body that keeps its request counted as in progress until it is sent in full
/// (or dropped): a long answer, or a live view's stream, is never taken for an idle
/// connection.
pub(super) struct TrackedBody {
    inner: Body,
    _busy: Busy,
}

impl TrackedBody {
    pub(super) fn new(inner: Body, busy: Busy) -> Self {
        Self { inner, _busy: busy }
    }
}

impl http_body::Body for TrackedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.get_mut().inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::OpenConnections;

    #[test]
    fn only_connections_without_a_request_are_closed_oldest_first() {
        let open = OpenConnections::default();
        let oldest = open.register();
        let busy = open.register();
        let newer = open.register();
        let newest = open.register();
        let _request = busy.busy().start();

        assert_eq!(open.close_idle(2), 2);
        assert!(oldest.close.is_cancelled());
        assert!(!busy.close.is_cancelled(), "a request is in progress there");
        assert!(newer.close.is_cancelled());
        assert!(!newest.close.is_cancelled());

        assert_eq!(open.close_idle(5), 1, "asked once is enough");
        drop(oldest);
        assert_eq!(open.lock().len(), 3);
    }
}
