//! What the server benches share: a throwaway PostgreSQL database beside the one
//! TEST_DATABASE_URL names, a registered account's cookie and id, and times in milliseconds.

use std::time::Duration;

use serde_json::{Value, json};
use sqlx::{Connection, Executor, PgConnection};

/// Registers an account through the API; returns its session cookie (`name=value`) and id.
pub async fn register(
    client: &reqwest::Client,
    base: &str,
    name: &str,
    email: &str,
    password: &str,
) -> anyhow::Result<(String, String)> {
    let response = client
        .post(format!("{base}/api/auth/register"))
        .header("origin", base)
        .json(&json!({
            "displayName": name, "email": email,
            "password": password, "mobile": "9876543210"
        }))
        .send()
        .await?;
    anyhow::ensure!(
        response.status().is_success(),
        "registration failed: {}",
        response.status()
    );
    let cookie = response
        .headers()
        .get("set-cookie")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .unwrap_or_default()
        .to_owned();
    let id = client
        .get(format!("{base}/api/auth/session"))
        .header("cookie", &cookie)
        .send()
        .await?
        .json::<Value>()
        .await?["user"]["uid"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    Ok((cookie, id))
}

/// Makes an empty database named `prefix` and this process's id on the server of
/// `admin_url`; returns its URL and name.
pub async fn fresh_postgres_database(
    admin_url: &str,
    prefix: &str,
) -> anyhow::Result<(String, String)> {
    let name = format!("{prefix}_{}", std::process::id());
    let mut admin = PgConnection::connect(admin_url).await?;
    admin
        .execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
        .await?;
    let mut url = url::Url::parse(admin_url)?;
    url.set_path(&name);
    Ok((url.to_string(), name))
}

pub async fn drop_postgres_database(admin_url: &str, name: &str) -> anyhow::Result<()> {
    let mut admin = PgConnection::connect(admin_url).await?;
    admin
        .execute(format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#).as_str())
        .await?;
    Ok(())
}

pub fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
