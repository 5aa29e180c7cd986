//! Made-up HTTP methods are answered at once and leave nothing behind: not in the metrics (a
//! label per method would keep every one forever), not whole in the logs.

use crate::common::{Backend, TestApp};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

/// Sends one request whose method is `method` and returns the status line.
async fn request_with_method(app: &TestApp, method: &str) -> String {
    let mut stream = TcpStream::connect(app.base.trim_start_matches("http://"))
        .await
        .expect("connects");
    let head =
        format!("{method} /healthz HTTP/1.1\r\nHost: college.test\r\nConnection: close\r\n\r\n");
    stream.write_all(head.as_bytes()).await.expect("sent");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer).into_owned();
    answer.lines().next().unwrap_or_default().to_owned()
}

/// The process's resident memory, in KB (Linux).
fn resident_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .expect("/proc/self/status")
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn made_up_methods_get_501_and_leave_the_metrics_and_memory_as_they_were() {
    let app = TestApp::spawn(Backend::Sqlite, |config| {
        config.ops.metrics_listen = Some(([127, 0, 0, 1], 0).into());
    })
    .await
    .expect("SQLite is always available");
    let metrics_url = format!("http://{}/metrics", app.metrics_addr().expect("metrics on"));
    let known = request_with_method(&app, "GET").await;
    assert!(known.starts_with("HTTP/1.1 200"), "{known}");
    let before_kb = resident_kb();

    // 300 requests, each with its own 30 KB method: before, 9 MB of labels kept for good.
    for n in 0..300 {
        let method = format!("M{n:03}{}", "X".repeat(30 * 1024));
        let status = request_with_method(&app, &method).await;
        assert!(status.starts_with("HTTP/1.1 501"), "{status}");
    }
    let metrics = reqwest::get(&metrics_url)
        .await
        .expect("scraped")
        .text()
        .await
        .expect("text");
    let grown_kb = resident_kb().saturating_sub(before_kb);
    eprintln!(
        "300 made-up methods of 30 KB: memory grew by {grown_kb} KB, /metrics is {} bytes",
        metrics.len()
    );

    assert!(!metrics.contains("XXXX"), "a made-up method is a label");
    assert!(
        metrics.contains(r#"method="other""#),
        "made-up methods are counted under one label"
    );
    assert!(
        metrics.len() < 200 * 1024,
        "/metrics is {} bytes",
        metrics.len()
    );
    // 300 methods of 30 KB are 9 MB; kept, they would show here several times over.
    assert!(grown_kb < 8 * 1024, "memory grew by {grown_kb} KB");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_method_under_the_api_gets_the_json_error() {
    let app = TestApp::spawn(Backend::Sqlite, |_| {})
        .await
        .expect("SQLite is always available");
    let response = app
        .client
        .request(
            reqwest::Method::from_bytes(b"BREW").expect("a token"),
            app.url("/api/auth/login"),
        )
        .send()
        .await
        .expect("request sent");
    assert_eq!(response.status(), 501);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["error"]["code"], "method-not-implemented");
}
