//! Slow and idle clients are let go, and a full server still answers: headers must arrive
//! within the header timeout, idle keep-alive connections close after it, the number of open
//! connections is bounded with idle ones closed first, and a body over the limit is refused
//! as soon as its length is declared.

use std::time::{Duration, Instant};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use crate::common::{Backend, TestApp};

const HEADER_TIMEOUT: Duration = Duration::from_secs(2);

async fn app(max_open: usize) -> TestApp {
    TestApp::spawn(Backend::Sqlite, |config| {
        config.ops.connections.header_timeout = HEADER_TIMEOUT;
        config.ops.connections.max_open = max_open;
    })
    .await
    .expect("SQLite is always available")
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.base.trim_start_matches("http://"))
        .await
        .expect("connects")
}

/// Reads until the server closes the connection (or `wait` passes, which fails the test);
/// returns what it sent.
async fn read_until_closed(stream: &mut TcpStream, wait: Duration) -> String {
    let mut received = Vec::new();
    let read = tokio::time::timeout(wait, async {
        let mut buffer = [0u8; 4096];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    assert!(
        read.is_ok(),
        "the server kept the connection open for {wait:?}"
    );
    String::from_utf8_lossy(&received).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_sends_nothing_or_half_its_headers_is_closed() {
    let app = app(64).await;
    let mut silent = connect(&app).await;
    let mut half = connect(&app).await;
    half.write_all(b"GET / HTTP/1.1\r\nHost: college.test\r\nX-Slow: ")
        .await
        .expect("sent");
    let started = Instant::now();

    // Closed after the header timeout (2 s), not kept forever; a generous margin for a busy
    // machine.
    let limit = HEADER_TIMEOUT * 5;
    read_until_closed(&mut silent, limit).await;
    let answer = read_until_closed(&mut half, limit).await;
    assert!(started.elapsed() >= HEADER_TIMEOUT / 2, "closed too soon");
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_keep_alive_connection_is_closed_after_the_timeout() {
    let app = app(64).await;
    let mut stream = connect(&app).await;
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: college.test\r\n\r\n")
        .await
        .expect("sent");
    let answer = read_until_closed(&mut stream, HEADER_TIMEOUT * 5).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_closes_idle_connections_and_keeps_answering() {
    let max_open = 32;
    let app = app(max_open).await;
    // Five times the limit, every one idle: before, each was kept and the 33rd waited.
    let mut idle = Vec::new();
    for _ in 0..max_open * 5 {
        idle.push(connect(&app).await);
    }
    let mut half_sent = Vec::new();
    for _ in 0..max_open {
        let mut stream = connect(&app).await;
        stream
            .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
            .await
            .expect("sent");
        half_sent.push(stream);
    }

    let asked = Instant::now();
    for _ in 0..3 {
        let health = tokio::time::timeout(
            HEADER_TIMEOUT / 2,
            app.client.get(app.url("/healthz")).send(),
        )
        .await
        .expect("answered well before the idle connections time out")
        .expect("request sent");
        assert_eq!(health.status(), 200);
    }
    eprintln!(
        "{} idle connections at a limit of {max_open}: three /healthz answered in {:?}",
        max_open * 6,
        asked.elapsed()
    );
    let page = app
        .client
        .get(app.url("/about"))
        .send()
        .await
        .expect("request sent");
    assert_eq!(page.status(), 200);

    // The server holds at most its limit: all but the newest of the idle ones are closed.
    let mut closed = 0;
    for stream in idle.iter_mut().chain(half_sent.iter_mut()) {
        let mut byte = [0u8; 1];
        if let Ok(Ok(0) | Err(_)) =
            tokio::time::timeout(Duration::from_millis(20), stream.read(&mut byte)).await
        {
            closed += 1;
        }
    }
    let opened = max_open * 6;
    assert!(
        closed >= opened - max_open,
        "{closed} of {opened} idle connections closed; at most {max_open} may stay"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_declared_over_the_limit_is_refused_before_it_is_sent() {
    let app = app(64).await;
    let mut stream = connect(&app).await;
    stream
        .write_all(
            b"POST /api/auth/login HTTP/1.1\r\nHost: college.test\r\n\
              Content-Type: application/json\r\nContent-Length: 1048576\r\n\r\n",
        )
        .await
        .expect("sent");
    // Before, the answer came only once the body had arrived, or after 10 seconds.
    let asked = Instant::now();
    let mut head = [0u8; 64];
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut head))
        .await
        .expect("answered without waiting for the body")
        .expect("read");
    let head = String::from_utf8_lossy(&head[..read]);
    assert!(head.starts_with("HTTP/1.1 413"), "{head}");
    eprintln!(
        "a POST declaring 1 MB and sending nothing: 413 after {:?}",
        asked.elapsed()
    );
}
