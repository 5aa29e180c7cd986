//! A connection whose client stops reading is cut off: a write that the socket has not taken
//! for the send timeout fails, and hyper closes the connection, dropping the answer it held
//! (a 10 MB file, say). Without it, a reader that never reads holds its answer, and its place
//! among the open connections, for as long as it likes.

use std::{
    io,
    pin::Pin,
    task::{Context, Poll, ready},
    time::Duration,
};

use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    time::{Sleep, sleep},
};

/// `inner`, whose writes fail once one has waited `limit` without progress.
pub struct SendTimeout<S> {
    inner: S,
    limit: Duration,
    /// Armed while a write waits on the socket; cleared by any progress.
    waiting: Option<Pin<Box<Sleep>>>,
}

impl<S> SendTimeout<S> {
    pub fn new(inner: S, limit: Duration) -> Self {
        Self {
            inner,
            limit,
            waiting: None,
        }
    }

    /// What a write that returned `Pending` becomes: still pending, or an error once the
    /// socket has taken nothing for the whole limit.
    fn still_waiting<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let limit = self.limit;
        let timer = self.waiting.get_or_insert_with(|| Box::pin(sleep(limit)));
        ready!(timer.as_mut().poll(cx));
        self.waiting = None;
        Poll::Ready(Err(io::Error::new(
            io::ErrorKind::TimedOut,
            "the client read nothing within the send timeout",
        )))
    }

    fn progressed<T>(
        &mut self,
        result: Poll<io::Result<T>>,
        cx: &mut Context<'_>,
    ) -> Poll<io::Result<T>> {
        match result {
            Poll::Pending => self.still_waiting(cx),
            ready => {
                self.waiting = None;
                ready
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for SendTimeout<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for SendTimeout<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.progressed(result, cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.progressed(result, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let result = Pin::new(&mut self.inner).poll_flush(cx);
        self.progressed(result, cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt, duplex};

    use super::*;

    #[tokio::test]
    async fn a_reader_that_stops_reading_is_cut_off_and_one_that_reads_is_not() {
        let (near, mut far) = duplex(1024);
        // The reader below pauses a tenth of the limit between reads: never cut off.
        let mut writer = SendTimeout::new(near, Duration::from_secs(2));
        let reader = tokio::spawn(async move {
            let mut chunk = [0u8; 512];
            for _ in 0..6 {
                tokio::time::sleep(Duration::from_millis(200)).await;
                far.read_exact(&mut chunk).await.expect("read");
            }
            far
        });
        for _ in 0..6 {
            writer.write_all(&[7u8; 512]).await.expect("sent");
        }
        let _far = reader.await.expect("reader");
        // Now it reads nothing: once the buffer is full, a write fails after the limit.
        let error = loop {
            if let Err(error) = writer.write_all(&[7u8; 512]).await {
                break error;
            }
        };
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
    }
}
