//! `dev-oidc`: the development OpenID Connect provider as a program, for `make run`.

use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use dev_oidc::{Account, Settings, SigningKey};
use tracing_subscriber::EnvFilter;

/// Development OpenID Connect provider: a stand-in for Google sign-in during development and
/// tests. It shows an account chooser on every sign-in and keeps everything in memory.
/// Never expose it: anyone can sign in as anyone.
#[derive(Parser, Debug)]
#[command(name = "dev-oidc", version)]
struct Cli {
    /// Address to listen on.
    #[arg(long, env = "DEV_OIDC_LISTEN", default_value = "127.0.0.1:8081")]
    listen: SocketAddr,

    /// Issuer URL, as the client is configured with it (the ID tokens' `iss`).
    /// [default: http://<listen>]
    #[arg(long, env = "DEV_OIDC_ISSUER")]
    issuer: Option<String>,

    /// Client id the provider accepts.
    #[arg(long, env = "DEV_OIDC_CLIENT_ID", default_value = "college-site-dev")]
    client_id: String,

    /// Client secret the provider accepts.
    #[arg(long, env = "DEV_OIDC_CLIENT_SECRET", default_value = "dev-secret")]
    client_secret: String,

    /// A redirect URI to accept (exact match). Redirect URIs on a loopback host (localhost,
    /// 127.0.0.0/8, [::1]) are always accepted. Repeatable; comma-separated in the environment.
    #[arg(
        long = "redirect-uri",
        value_name = "URI",
        env = "DEV_OIDC_REDIRECT_URIS",
        value_delimiter = ','
    )]
    redirect_uris: Vec<String>,

    /// An account to list in the chooser, as "Name <email>", or "Name <email> (unverified)"
    /// for an unverified email. Repeatable (semicolon-separated in the environment); replaces
    /// the default accounts (Asha Rao, Ravi Kumar, Unverified User, all @example.com).
    #[arg(
        long = "account",
        value_name = "ACCOUNT",
        env = "DEV_OIDC_ACCOUNTS",
        value_delimiter = ';'
    )]
    accounts: Vec<Account>,

    /// PEM file holding the RSA signing key (PKCS#8 or PKCS#1); created with a new key if
    /// missing, so that tokens and the client's cached keys survive restarts. Without it a new
    /// key is generated at each start.
    #[arg(long, value_name = "FILE", env = "DEV_OIDC_KEY_FILE")]
    key_file: Option<PathBuf>,
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dev-oidc: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> Result<(), Box<dyn std::error::Error>> {
    let signing_key = match &cli.key_file {
        Some(path) => Some(load_or_create_key(path)?),
        None => None,
    };
    let mut settings = Settings {
        listen: cli.listen,
        issuer: cli.issuer,
        client_id: cli.client_id,
        client_secret: cli.client_secret,
        redirect_uris: cli.redirect_uris,
        signing_key,
        ..Settings::default()
    };
    if !cli.accounts.is_empty() {
        settings.accounts = cli.accounts;
    }
    let listen = settings.listen;
    let provider = dev_oidc::start(settings)
        .await
        .map_err(|e| format!("cannot start on {listen}: {e}"))?;
    eprintln!(
        "dev-oidc: development sign-in provider (not Google) at {}; discovery at {}",
        provider.issuer,
        provider.url("/.well-known/openid-configuration")
    );
    shutdown_signal().await?;
    tracing::info!("stopping");
    provider.stop().await;
    Ok(())
}

fn load_or_create_key(path: &Path) -> Result<SigningKey, Box<dyn std::error::Error>> {
    match std::fs::read_to_string(path) {
        Ok(pem) => Ok(SigningKey::from_pem(&pem).map_err(|e| format!("{}: {e}", path.display()))?),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = SigningKey::generate()?;
            write_private(path, &key.to_pkcs8_pem()?)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            tracing::info!(path = %path.display(), "wrote a new signing key");
            Ok(key)
        }
        Err(e) => Err(format!("cannot read {}: {e}", path.display()).into()),
    }
}

/// Writes the key readable by its owner only.
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(contents.as_bytes())
}

/// Ctrl-C or SIGTERM: both are a normal stop (exit 0).
async fn shutdown_signal() -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate())?;
        tokio::select! {
            result = tokio::signal::ctrl_c() => result,
            _ = term.recv() => Ok(()),
        }
    }
    #[cfg(not(unix))]
    tokio::signal::ctrl_c().await
}
