//! A computer lab behind one address, at the default limits: 60 students register, then sign in
//! within a minute from lab computers (no device cookie of theirs); then a stranger tries 60
//! wrong passwords from the same address, and the owners' own browsers sign in after. Prints
//! how many of each were refused, and how long the class took. Run it with `make bench`.

use std::time::Instant;

use college_site::{app::RunningServer, config::Config};
use reqwest::{Client, StatusCode, header};
use serde_json::json;

const PASSWORD: &str = "bench-password-2024";
const CLASS: usize = 60;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    // The limits a college runs with (Config's defaults); nothing raised.
    let config = Config::for_tests(
        format!("sqlite://{}", dir.path().join("bench.db").display()),
        dir.path().join("data"),
    );
    let allowance = config.limits.auth_per_minute;
    let server = RunningServer::start(config).await?;
    let base = format!("http://{}", server.addr);
    let client = Client::new();

    let mut browsers = Vec::new();
    for n in 0..CLASS {
        let registered = client
            .post(format!("{base}/api/auth/register"))
            .header("origin", &base)
            .json(&json!({
                "displayName": "Student", "email": format!("student{n}@example.com"),
                "password": PASSWORD, "mobile": "9876543210"
            }))
            .send()
            .await?;
        anyhow::ensure!(
            registered.status() == StatusCode::CREATED,
            "registration {n} refused: {}",
            registered.status()
        );
        browsers.push(device_cookie(&registered).unwrap_or_default());
    }

    let started = Instant::now();
    let mut refused = 0;
    for n in 0..CLASS {
        let status = login(&client, &base, n, PASSWORD, None).await?;
        refused += usize::from(status != StatusCode::OK);
    }
    println!(
        "lab sign-in: {CLASS} students signing in from one address in {:.1} s: {refused} refused (failed-login allowance {allowance} a minute)",
        started.elapsed().as_secs_f64()
    );

    let mut let_through = 0;
    let mut stopped = 0;
    for n in 0..CLASS {
        let status = login(&client, &base, n, "a-guess-123", None).await?;
        match status {
            StatusCode::UNAUTHORIZED => let_through += 1,
            StatusCode::TOO_MANY_REQUESTS => stopped += 1,
            other => anyhow::bail!("a wrong password answered {other}"),
        }
    }
    let mut owners_in = 0;
    for (n, browser) in browsers.iter().enumerate().take(10) {
        let status = login(&client, &base, n, PASSWORD, Some(browser)).await?;
        owners_in += usize::from(status == StatusCode::OK);
    }
    let stranger = login(&client, &base, 10, PASSWORD, None).await?;
    println!(
        "lab sign-in: {CLASS} wrong passwords from that address: {let_through} tried, {stopped} refused; then 10 owners' own browsers: {owners_in} of 10 signed in; a lab computer without one: {}",
        stranger.as_u16()
    );
    server.stop().await?;
    Ok(())
}

async fn login(
    client: &Client,
    base: &str,
    n: usize,
    password: &str,
    cookie: Option<&str>,
) -> anyhow::Result<StatusCode> {
    let mut request = client
        .post(format!("{base}/api/auth/login"))
        .header("origin", base)
        .json(&json!({"email": format!("student{n}@example.com"), "password": password}));
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    Ok(request.send().await?.status())
}

fn device_cookie(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find(|cookie| cookie.starts_with("device="))
        .and_then(|cookie| cookie.split(';').next())
        .map(str::to_owned)
}
