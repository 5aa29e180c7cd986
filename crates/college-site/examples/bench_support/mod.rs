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

/// Sets up two-step sign-in for the account signed in with `cookie` and `password`, as its
/// owner does on the account page, the bench standing in for the authenticator app: staff pages
/// need it. Before the role is granted, so that the session (which passed the second step by
/// setting it up) outlives the grant.
pub async fn set_up_second_factor(
    client: &reqwest::Client,
    base: &str,
    cookie: &str,
    password: &str,
) -> anyhow::Result<()> {
    use college_site::{
        accounts::second_factor::totp::{DIGITS, code_at, step_at},
        store::now_millis,
    };
    let post = |path: &str, body: Value| {
        client
            .post(format!("{base}/api/account/second-factor/{path}"))
            .header("origin", base)
            .header("cookie", cookie)
            .json(&body)
            .send()
    };
    let setup: Value = post("start", json!({ "password": password }))
        .await?
        .json()
        .await?;
    let key = setup["setup"]["key"].as_str().unwrap_or_default();
    // The key in base32, as the page shows it.
    let (mut buffer, mut bits, mut secret) = (0u32, 0u32, Vec::new());
    for c in key.chars().filter(|c| !c.is_whitespace()) {
        let value = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
            .find(c)
            .ok_or_else(|| anyhow::anyhow!("not a key: {key}"))?;
        buffer = (buffer << 5) | u32::try_from(value)?;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            secret.push(u8::try_from((buffer >> bits) & 0xff)?);
        }
    }
    let code = code_at(&secret, step_at(now_millis()), DIGITS);
    let confirmed = post("confirm", json!({ "code": code })).await?;
    anyhow::ensure!(
        confirmed.status().is_success(),
        "two-step set-up failed: {}",
        confirmed.status()
    );
    Ok(())
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

/// Registers Meera Iyer as an editor of `server` (two-step sign-in set up, the role granted on
/// the command line); returns her session cookie.
// Each bench compiles this module for itself, and not every one signs an editor in.
#[allow(dead_code)]
pub async fn signed_in_editor(
    server: &college_site::app::RunningServer,
    client: &reqwest::Client,
    base: &str,
    password: &str,
) -> anyhow::Result<String> {
    let editor = college_site::store::Role::Editor;
    signed_in_with_role(
        server,
        client,
        base,
        password,
        ("editor@example.com", editor),
    )
    .await
}

/// Registers `email` on `server` with `role` (two-step sign-in set up, the role granted as on
/// the command line); returns the session cookie.
#[allow(dead_code)]
pub async fn signed_in_with_role(
    server: &college_site::app::RunningServer,
    client: &reqwest::Client,
    base: &str,
    password: &str,
    (email, role): (&str, college_site::store::Role),
) -> anyhow::Result<String> {
    use college_site::store::{Actor, AuditAction, NewAuditEntry, now_millis};
    let (cookie, id) = register(client, base, "Meera Iyer", email, password).await?;
    set_up_second_factor(client, base, &cookie, password).await?;
    let audit = NewAuditEntry {
        at: now_millis(),
        actor: Actor::CommandLine,
        action: AuditAction::RoleGranted,
        target_email: None,
        target: format!("{} for the bench", role.name()),
    };
    server.store.grant_role(&id, role, &audit).await?;
    Ok(cookie)
}
