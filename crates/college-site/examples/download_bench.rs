//! What slow readers of one large attached file cost the server's memory: an editor attaches
//! a 10 MB PDF to a notice, then 300 clients ask for it at once and read a kilobyte a second
//! (small receive windows, so the answer cannot sit in the kernel's buffers); then they leave.
//! Prints the process's resident memory before, while they read, and after, on SQLite and on
//! PostgreSQL (when TEST_DATABASE_URL is set). The server runs in this process; the clients are
//! plain sockets that hold next to nothing. Run it with `make bench`.

// Each bench uses part of what the benches share.
#[allow(dead_code)]
mod bench_support;

use std::time::Duration;

use bench_support::{
    drop_postgres_database, fresh_postgres_database, register, set_up_second_factor,
};
use college_site::{
    app::RunningServer,
    config::Config,
    store::{Actor, AuditAction, NewAuditEntry, Role, now_millis},
};
use serde_json::{Value, json};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpSocket,
    task::JoinSet,
};

const PASSWORD: &str = "bench-password-2024";
const READERS: usize = 300;
const MB: usize = 1024 * 1024;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let sqlite = format!("sqlite://{}", dir.path().join("downloads.db").display());
    bench("SQLite", &sqlite, dir.path()).await?;
    match std::env::var("TEST_DATABASE_URL") {
        Ok(admin_url) => {
            let (url, name) = fresh_postgres_database(&admin_url, "college_download_bench").await?;
            let result = bench("PostgreSQL", &url, dir.path()).await;
            drop_postgres_database(&admin_url, &name).await?;
            result?;
        }
        Err(_) => println!("downloads, PostgreSQL: skipped (TEST_DATABASE_URL is not set)"),
    }
    Ok(())
}

async fn bench(backend: &str, database_url: &str, dir: &std::path::Path) -> anyhow::Result<()> {
    let mut config = Config::for_tests(database_url.to_owned(), dir.join(backend));
    config.uploads.download_burst_mb = u32::MAX / 2;
    let server = RunningServer::start(config).await?;
    let base = format!("http://{}", server.addr);
    let path = attach_a_large_pdf(&server, &base).await?;
    let before = resident_mb();

    let mut readers = JoinSet::new();
    for _ in 0..READERS {
        let (addr, path) = (server.addr, path.clone());
        readers.spawn(async move { slow_reader(addr, &path).await });
    }
    let mut during = 0.0_f64;
    for _ in 0..8 {
        tokio::time::sleep(Duration::from_secs(1)).await;
        during = during.max(resident_mb());
    }
    readers.abort_all();
    while readers.join_next().await.is_some() {}
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = resident_mb();
    println!(
        "downloads, {backend}: {READERS} slow readers of a 10 MB PDF: server process {before:.0} MB before, {during:.0} MB at most while they read, {after:.0} MB after they left"
    );
    server.stop().await?;
    Ok(())
}

/// Asks for `path` with a small receive window and reads a kilobyte a second.
async fn slow_reader(addr: std::net::SocketAddr, path: &str) -> anyhow::Result<()> {
    let socket = TcpSocket::new_v4()?;
    socket.set_recv_buffer_size(4096)?;
    let mut stream = socket.connect(addr).await?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: bench.example\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut chunk = [0u8; 1024];
    loop {
        if stream.read(&mut chunk).await? == 0 {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// An editor (two-step sign-in set up first, then the role) attaches a 10 MB PDF to a notice;
/// the address visitors download it from.
async fn attach_a_large_pdf(server: &RunningServer, base: &str) -> anyhow::Result<String> {
    let client = reqwest::Client::new();
    let (cookie, id) = register(
        &client,
        base,
        "Bench Editor",
        "editor@example.com",
        PASSWORD,
    )
    .await?;
    set_up_second_factor(&client, base, &cookie, PASSWORD).await?;
    let audit = NewAuditEntry {
        at: now_millis(),
        actor: Actor::CommandLine,
        action: AuditAction::RoleGranted,
        target_email: None,
        target: "editor for the bench".into(),
    };
    server.store.grant_role(&id, Role::Editor, &audit).await?;
    let post = |path: String| {
        client
            .post(format!("{base}{path}"))
            .header("origin", base)
            .header("cookie", &cookie)
    };
    let notice: Value = post("/api/content/notices".into())
        .json(&json!({ "title": "Prospectus 2027", "body": "The prospectus.", "category": "exams", "pinned": false }))
        .send()
        .await?
        .json()
        .await?;
    let notice = notice["notice"]["id"].as_i64().unwrap_or_default();
    let filler = vec![b'7'; 10 * MB - 200];
    let pdf = [
        format!("%PDF-1.4\n1 0 obj << /Length {} >> stream\n", filler.len()).as_bytes(),
        &filler,
        b"\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    ]
    .concat();
    let uploaded: Value = post(format!(
        "/api/content/notices/{notice}/files?name=Prospectus.pdf"
    ))
    .header("content-type", "application/octet-stream")
    .body(pdf)
    .send()
    .await?
    .json()
    .await?;
    uploaded["files"][0]["copies"][0]["path"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("the upload was refused: {uploaded}"))
}

/// The process's resident memory (Linux's VmRSS), in megabytes.
fn resident_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix("VmRSS:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<f64>()
                        .ok()
                })
        })
        .map_or(0.0, |kib| kib / 1024.0)
}
