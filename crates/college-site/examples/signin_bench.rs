//! Prints the cost of the password-hash parameters: the time of one argon2id hash, then
//! sign-ins per second with p50/p99 latency at concurrency 1 and 2, against the real server
//! (in this process, on loopback, with a SQLite file). Run it with `make bench`.
//!
//! Figures depend on the machine and its load; compare them with each other, within one run.

use std::time::{Duration, Instant};

use college_site::{accounts::password::hashing, app::RunningServer, config::Config};

const PASSWORD: &str = "bench-password-2024";
const ROUND: Duration = Duration::from_secs(6);

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut hashes: Vec<Duration> = (0..7)
        .map(|_| {
            let started = Instant::now();
            assert!(hashing::hash_once_for_benchmark(PASSWORD));
            started.elapsed()
        })
        .collect();
    hashes.sort();
    println!(
        "argon2id m={} KiB t={} p={}: one hash takes {:.1} ms (median of 7)",
        hashing::MEMORY_KIB,
        hashing::ITERATIONS,
        hashing::PARALLELISM,
        ms(hashes[3])
    );

    let dir = tempfile::tempdir()?;
    let mut config = Config::for_tests(
        format!("sqlite://{}", dir.path().join("bench.db").display()),
        dir.path().join("data"),
    );
    config.limits.auth_per_minute = u32::MAX / 2;
    let server = RunningServer::start(config).await?;
    let base = format!("http://{}", server.addr);
    let client = reqwest::Client::new();
    let register = client
        .post(format!("{base}/api/auth/register"))
        .header("origin", &base)
        .json(&serde_json::json!({
            "displayName": "Bench", "email": "bench@example.com",
            "password": PASSWORD, "mobile": "9876543210"
        }))
        .send()
        .await?;
    anyhow::ensure!(
        register.status().is_success(),
        "registration failed: {}",
        register.status()
    );

    println!(
        "sign-ins (POST /api/auth/login), {} s per round:",
        ROUND.as_secs()
    );
    for concurrency in [1, 2] {
        let deadline = Instant::now() + ROUND;
        let started = Instant::now();
        let workers: Vec<_> = (0..concurrency)
            .map(|_| {
                let (client, base) = (client.clone(), base.clone());
                tokio::spawn(async move {
                    let mut latencies = Vec::new();
                    while Instant::now() < deadline {
                        let sent = Instant::now();
                        let response = client
                            .post(format!("{base}/api/auth/login"))
                            .header("origin", &base)
                            .json(&serde_json::json!({"email": "bench@example.com", "password": PASSWORD}))
                            .send()
                            .await;
                        match response {
                            Ok(r) if r.status().is_success() => latencies.push(sent.elapsed()),
                            Ok(r) => eprintln!("unexpected status {}", r.status()),
                            Err(e) => eprintln!("request failed: {e}"),
                        }
                    }
                    latencies
                })
            })
            .collect();
        let mut latencies = Vec::new();
        for worker in workers {
            latencies.extend(worker.await?);
        }
        let elapsed = started.elapsed();
        latencies.sort();
        let pick = |q: f64| latencies[((latencies.len() as f64 - 1.0) * q).round() as usize];
        println!(
            "  concurrency {concurrency}: {:6.1} sign-ins/s  p50 {:6.1} ms  p99 {:6.1} ms  ({} sign-ins)",
            latencies.len() as f64 / elapsed.as_secs_f64(),
            ms(pick(0.50)),
            ms(pick(0.99)),
            latencies.len()
        );
    }
    server.stop().await?;
    Ok(())
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
