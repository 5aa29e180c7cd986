//! Settings of the server. This is the only module that reads the environment (through clap's
//! `env` attributes), so every setting is documented in one place: `college-site serve --help`.

pub mod ops;
pub mod parsers;
pub mod secrets;
mod uploads;

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use clap::{Args, Parser, Subcommand, ValueEnum};
use ipnet::IpNet;
use lettre::message::Mailbox;

use ops::OpsArgs;
pub use ops::{BackupArgs, BackupSchedule, ConnectionLimits, LogFormat, OpsConfig};
use parsers::{issuer_is_acceptable, parse_origin, parse_trusted_proxy};
use secrets::{SecondFactorKey, Secret};
pub use uploads::{MB, UploadSettings};

#[derive(Debug, Parser)]
#[command(name = "college-site", version, about = "The college website server")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// How log lines are written: `text` for a person, `json` (one object per line, with the
    /// request id, route, status and latency of each request) for a log collector.
    #[arg(
        long,
        env = "COLLEGE_LOG_FORMAT",
        value_enum,
        default_value = "text",
        global = true
    )]
    pub log_format: LogFormat,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the website, the contact form and the accounts API.
    Serve(Box<ServeArgs>),
    /// Grant, revoke and list roles (teacher, office, admin). Works while the server runs.
    Roles(RolesArgs),
    /// Write a consistent, checked copy of the database to DEST. Works while the server runs.
    Backup(BackupArgs),
    /// Enable a disabled account again (for when no admin can sign in). Works while the server
    /// runs.
    Accounts(AccountsArgs),
    /// Turn off an account's two-step sign-in (a lost phone, and no other admin to do it); the
    /// account is signed out everywhere and mailed. Works while the server runs.
    SecondFactor(SecondFactorArgs),
}

#[derive(Debug, Args)]
pub struct SecondFactorArgs {
    /// The server's database URL (the same setting as `serve --database`).
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://./data/college.db",
        hide_env_values = true,
        global = true
    )]
    pub database: Secret<String>,

    /// Where the mail to the account's owner says to reply (the same setting as `serve`).
    #[arg(
        long,
        env = "CONTACT_INBOX",
        default_value = "office@college.example",
        global = true
    )]
    pub contact_inbox: String,

    #[command(subcommand)]
    pub action: SecondFactorAction,
}

#[derive(Debug, Subcommand)]
pub enum SecondFactorAction {
    /// Turn off two-step sign-in for the account with this EMAIL.
    Reset { email: String },
}

#[derive(Debug, Args)]
pub struct AccountsArgs {
    /// The server's database URL (the same setting as `serve --database`).
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://./data/college.db",
        hide_env_values = true,
        global = true
    )]
    pub database: Secret<String>,

    #[command(subcommand)]
    pub action: AccountsAction,
}

#[derive(Debug, Subcommand)]
pub enum AccountsAction {
    /// Let the disabled account with this EMAIL sign in again.
    Enable { email: String },
}

#[derive(Debug, Args)]
pub struct RolesArgs {
    /// The server's database URL (the same setting as `serve --database`).
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://./data/college.db",
        hide_env_values = true,
        global = true
    )]
    pub database: Secret<String>,

    #[command(subcommand)]
    pub action: RolesAction,
}

#[derive(Debug, Subcommand)]
pub enum RolesAction {
    /// Give ROLE to the account with this EMAIL.
    Grant { email: String, role: String },
    /// Take ROLE from the account with this EMAIL.
    Revoke { email: String, role: String },
    /// List who holds which role.
    List,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on.
    #[arg(long, env = "COLLEGE_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// Database URL: `sqlite://PATH` (embedded, the default) or `postgres://...` (for several
    /// server instances). Migrations run at start-up.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://./data/college.db",
        hide_env_values = true
    )]
    pub database: Secret<String>,

    /// Directory for files the server writes: contact mails as .eml files when no SMTP server is
    /// configured.
    #[arg(long, env = "COLLEGE_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// SMTP server for outgoing mail, e.g. `smtp://user:pass@mail.example.org:587?tls=required`
    /// or `smtps://...`. When unset, each mail is written as an .eml file under DATA_DIR/mail.
    #[arg(long, env = "SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<Secret<String>>,

    /// Inbox that receives the messages sent from the contact form.
    #[arg(long, env = "CONTACT_INBOX", default_value = "office@college.example")]
    pub contact_inbox: String,

    /// Fixed sender of contact mails (the visitor goes in Reply-To). Defaults to
    /// `College website <website@DOMAIN-OF-CONTACT_INBOX>`.
    #[arg(long, env = "MAIL_FROM")]
    pub mail_from: Option<String>,

    /// The public origin of the site, e.g. `https://www.college.example`. Used to check the
    /// Origin of form posts, and turns on HSTS and secure cookies when it is https. When unset,
    /// the origin is taken from the request's Host header.
    #[arg(long, env = "PUBLIC_URL")]
    pub public_url: Option<String>,

    /// OpenID issuer for "Login with Google". Must be https, or http on loopback (a local
    /// development provider).
    #[arg(
        long,
        env = "OIDC_ISSUER",
        default_value = "https://accounts.google.com"
    )]
    pub oidc_issuer: String,

    /// OAuth client id of this site at the issuer. Google sign-in is off when unset.
    #[arg(long, env = "GOOGLE_CLIENT_ID")]
    pub google_client_id: Option<String>,

    /// OAuth client secret of this site at the issuer.
    #[arg(long, env = "GOOGLE_CLIENT_SECRET", hide_env_values = true)]
    pub google_client_secret: Option<Secret<String>>,

    /// Failed logins, password reset requests and sensitive changes allowed per minute from one
    /// IP address (correct sign-ins do not count: a computer lab shares one address).
    #[arg(long, env = "AUTH_RATE_PER_MINUTE", default_value_t = 10)]
    pub auth_rate_per_minute: u32,

    /// Sign-in and registration requests, right or wrong, allowed per minute from one IP address:
    /// a bound on the work a flood makes, well above a lab's class signing in at once.
    #[arg(long, env = "SIGN_INS_PER_IP_PER_MINUTE", default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub sign_ins_per_ip_per_minute: u32,

    /// Accounts one IP address may register in a day (a computer lab shares one address).
    #[arg(long, env = "REGISTRATIONS_PER_IP_PER_DAY", default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub registrations_per_ip_per_day: u32,

    /// Days after which an account that never confirmed its address, holds no role and has not
    /// been used is deleted; its address is mailed a week before.
    #[arg(long, env = "UNVERIFIED_ACCOUNT_DAYS", default_value_t = 30, value_parser = clap::value_parser!(u32).range(8..=36_500))]
    pub unverified_account_days: u32,

    /// Reverse proxies in front of this server, comma-separated addresses or networks (e.g.
    /// `127.0.0.1,10.0.0.0/8`). A request from one of them is counted, for per-IP limits and
    /// logs, against the client it names in X-Forwarded-For. Leave unset when visitors connect
    /// directly: the header is then ignored, since anyone can send it.
    #[arg(long, env = "TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<String>,

    /// Wait after a mail's first failed attempt, e.g. `30s` or `200ms`; it doubles after each
    /// further failure, up to an hour.
    #[arg(long, env = "MAIL_RETRY_BASE", default_value = "30s", value_parser = humantime::parse_duration)]
    pub mail_retry_base: Duration,

    /// Attempts at delivering one mail before it is marked failed and shown in the staff area.
    /// At the defaults the last attempt comes about three hours after the first.
    #[arg(long, env = "MAIL_MAX_ATTEMPTS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub mail_max_attempts: u32,

    /// Days the audit log keeps an entry of a staff action; the server deletes older ones.
    #[arg(long, env = "AUDIT_RETENTION_DAYS", default_value_t = 365, value_parser = clap::value_parser!(u32).range(1..=36_500))]
    pub audit_retention_days: u32,

    /// The largest file an editor may upload, in MB (a PDF, or an image before it is resized).
    #[arg(long, env = "UPLOAD_MAX_MB", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub upload_max_mb: u32,

    /// What every uploaded file together may take in the database, in MB.
    #[arg(long, env = "UPLOADS_BUDGET_MB", default_value_t = 2048, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub uploads_budget_mb: u32,

    /// The key that seals second-factor secrets in the database: 32 random bytes in base64
    /// (`head -c 32 /dev/urandom | base64`). Keep it apart from the database's backups. Without
    /// it nobody can turn a second factor on, and the server refuses to start once any account
    /// has one.
    #[arg(long, env = "SECOND_FACTOR_KEY", hide_env_values = true)]
    pub second_factor_key: Option<Secret<String>>,

    #[command(flatten)]
    pub ops: OpsArgs,
    /// The tutorial's offline copy in visitors' browsers (its service worker, `/sw.js`). `off`
    /// is the kill switch: every browser that has the copy deletes it and stops using the worker
    /// at its next visit, and no browser makes a new one, until it is `on` again.
    #[arg(long, env = "OFFLINE_CACHE", value_enum, default_value_t = OfflineCache::On)]
    pub offline_cache: OfflineCache,
}

/// Whether browsers may keep the tutorial's offline copy (`--offline-cache`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OfflineCache {
    On,
    Off,
}

/// Everything the server needs, parsed and checked. Tests build it with [`Config::for_tests`].
/// Its secrets are [`Secret`]s, so `Debug` shows the rest and none of them.
#[derive(Debug, Clone)]
pub struct Config {
    pub listen: SocketAddr,
    pub database_url: Secret<String>,
    pub data_dir: PathBuf,
    pub smtp_url: Option<Secret<String>>,
    pub contact_inbox: Mailbox,
    pub mail_from: Mailbox,
    /// Origin (scheme, host, port) the site is served from, when known.
    pub public_origin: Option<String>,
    pub outbox: OutboxSettings,
    pub limits: Limits,
    /// Reverse proxies whose X-Forwarded-For is believed (see [`crate::http::client_ip`]).
    pub trusted_proxies: Vec<IpNet>,
    /// "Login with Google", when configured.
    pub google: Option<GoogleSettings>,
    /// Metrics, scheduled backups, draining.
    pub ops: OpsConfig,
    /// Whether `/sw.js` is the offline worker or the one that removes it.
    pub offline_cache: OfflineCache,
    /// How long the audit log keeps an entry.
    pub audit_retention: Duration,
    pub uploads: UploadSettings,
    /// Seals second-factor secrets; without it no factor can be turned on.
    pub second_factor_key: Option<SecondFactorKey>,
    /// Unconfirmed accounts unused this many days are deleted.
    pub unverified_account_days: u32,
}

/// How the outbox worker retries mail that could not be delivered.
#[derive(Debug, Clone)]
pub struct OutboxSettings {
    /// Delay after the first failed attempt; it doubles with each further failure.
    pub retry_base: Duration,
    /// The delay never grows past this.
    pub retry_cap: Duration,
    /// After this many failed attempts the mail is marked failed.
    pub max_attempts: u32,
    /// How often the worker looks for due mail when nobody wakes it.
    pub poll_interval: Duration,
    /// Timeout of one SMTP conversation.
    pub smtp_timeout: Duration,
}

impl Default for OutboxSettings {
    fn default() -> Self {
        Self {
            retry_base: Duration::from_secs(30),
            retry_cap: Duration::from_secs(60 * 60),
            max_attempts: 10,
            poll_interval: Duration::from_secs(15),
            smtp_timeout: Duration::from_secs(30),
        }
    }
}

impl OutboxSettings {
    /// The default settings with `retry_base` and `max_attempts` from the command line. The
    /// worker looks for due mail at least as often as the first retry is due, so a short retry
    /// schedule (as tests set) is kept.
    pub fn with_retries(retry_base: Duration, max_attempts: u32) -> Self {
        let defaults = Self::default();
        Self {
            retry_base,
            max_attempts: max_attempts.max(1),
            poll_interval: defaults
                .poll_interval
                .min(retry_base.max(Duration::from_millis(50))),
            ..defaults
        }
    }
}

/// Request limits.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest request body accepted; larger ones get 413.
    pub max_body_bytes: usize,
    /// Requests taking longer than this get 408.
    pub request_timeout: Duration,
    /// Contact messages one IP address may send per minute.
    pub contact_per_minute: u32,
    /// Failed logins (and password reset requests, sensitive changes) one IP address may make
    /// per minute.
    pub auth_per_minute: u32,
    /// Sign-in and registration requests, right or wrong, one IP address may make per minute.
    pub sign_ins_per_minute: u32,
    /// Accounts one IP address may register in a day.
    pub registrations_per_day: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_body_bytes: 64 * 1024,
            request_timeout: Duration::from_secs(30),
            contact_per_minute: 5,
            auth_per_minute: 10,
            sign_ins_per_minute: 300,
            registrations_per_day: 60,
        }
    }
}

/// "Login with Google": the OpenID issuer and this site's client there.
#[derive(Debug, Clone)]
pub struct GoogleSettings {
    pub issuer: String,
    pub client_id: String,
    pub client_secret: Option<Secret<String>>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("CONTACT_INBOX is not a valid email address ({0})")]
    ContactInbox(String),
    #[error("MAIL_FROM is not a valid mailbox ({0})")]
    MailFrom(String),
    #[error("PUBLIC_URL must be an absolute http:// or https:// URL, got {0:?}")]
    PublicUrl(String),
    #[error("DATABASE_URL must start with sqlite:// or postgres://")]
    DatabaseScheme,
    #[error("TRUSTED_PROXIES: {0}")]
    TrustedProxy(String),
    #[error("OIDC_ISSUER must be an https:// URL (http:// only on loopback), got {0:?}")]
    OidcIssuer(String),
    #[error("{0}")]
    Ops(String),
    #[error(
        "SECOND_FACTOR_KEY must be 32 random bytes in base64, for example the output of `head -c 32 /dev/urandom | base64`"
    )]
    SecondFactorKey,
}

impl Config {
    pub fn from_args(args: ServeArgs) -> Result<Self, ConfigError> {
        let contact_inbox: Mailbox = args
            .contact_inbox
            .parse()
            .map_err(|e| ConfigError::ContactInbox(format!("{e}")))?;
        let mail_from: Mailbox = match &args.mail_from {
            Some(from) => from
                .parse()
                .map_err(|e| ConfigError::MailFrom(format!("{e}")))?,
            None => default_sender(&contact_inbox),
        };
        let public_origin = args
            .public_url
            .as_deref()
            .map(|raw| parse_origin(raw).ok_or_else(|| ConfigError::PublicUrl(raw.to_owned())))
            .transpose()?;
        let database = args.database.expose();
        if !(database.starts_with("sqlite:")
            || database.starts_with("postgres:")
            || database.starts_with("postgresql:"))
        {
            return Err(ConfigError::DatabaseScheme);
        }
        // An empty entry (e.g. `TRUSTED_PROXIES=` in an env file) names no proxy.
        let trusted_proxies = args
            .trusted_proxies
            .iter()
            .filter(|entry| !entry.trim().is_empty())
            .map(|entry| parse_trusted_proxy(entry))
            .collect::<Result<Vec<_>, _>>()
            .map_err(ConfigError::TrustedProxy)?;
        let google = match args.google_client_id.filter(|id| !id.trim().is_empty()) {
            Some(client_id) => {
                if !issuer_is_acceptable(&args.oidc_issuer) {
                    return Err(ConfigError::OidcIssuer(args.oidc_issuer));
                }
                Some(GoogleSettings {
                    issuer: args.oidc_issuer,
                    client_id,
                    client_secret: args
                        .google_client_secret
                        .filter(|secret| !secret.expose().is_empty()),
                })
            }
            None => None,
        };
        let ops = OpsConfig::from_args(args.ops).map_err(ConfigError::Ops)?;
        let second_factor_key = args
            .second_factor_key
            .filter(|key| !key.expose().trim().is_empty())
            .map(|key| SecondFactorKey::parse(key.expose()).ok_or(ConfigError::SecondFactorKey))
            .transpose()?;
        Ok(Self {
            second_factor_key,
            unverified_account_days: args.unverified_account_days,
            ops,
            google,
            listen: args.listen,
            database_url: args.database,
            data_dir: args.data_dir,
            smtp_url: args.smtp_url.filter(|url| !url.expose().trim().is_empty()),
            contact_inbox,
            mail_from,
            public_origin,
            outbox: OutboxSettings::with_retries(args.mail_retry_base, args.mail_max_attempts),
            audit_retention: Duration::from_secs(u64::from(args.audit_retention_days) * 86_400),
            limits: Limits {
                auth_per_minute: args.auth_rate_per_minute.max(1),
                sign_ins_per_minute: args.sign_ins_per_ip_per_minute,
                registrations_per_day: args.registrations_per_ip_per_day,
                ..Limits::default()
            },
            trusted_proxies,
            offline_cache: args.offline_cache,
            uploads: UploadSettings {
                max_file_bytes: args.upload_max_mb as usize * MB,
                budget_bytes: i64::from(args.uploads_budget_mb) * MB as i64,
                ..UploadSettings::default()
            },
        })
    }

    /// A configuration for tests: port 0 on loopback, the given database and data directory,
    /// no SMTP server, quick retries.
    pub fn for_tests(database_url: String, data_dir: PathBuf) -> Self {
        let contact_inbox: Mailbox = "Admissions Office <office@college.test>"
            .parse()
            .expect("valid test inbox");
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: Secret::new(database_url),
            data_dir,
            smtp_url: None,
            mail_from: default_sender(&contact_inbox),
            contact_inbox,
            public_origin: None,
            google: None,
            outbox: OutboxSettings {
                retry_base: Duration::from_millis(200),
                retry_cap: Duration::from_secs(1),
                max_attempts: 5,
                poll_interval: Duration::from_millis(200),
                smtp_timeout: Duration::from_secs(5),
            },
            limits: Limits::default(),
            trusted_proxies: Vec::new(),
            ops: OpsConfig::default(),
            offline_cache: OfflineCache::On,
            audit_retention: Duration::from_secs(365 * 86_400),
            uploads: UploadSettings::default(),
            second_factor_key: Some(SecondFactorKey::new([42; 32])),
            unverified_account_days: 30,
        }
    }

    /// True when the site is served over https, which turns on HSTS and secure cookies.
    pub fn is_https(&self) -> bool {
        self.public_origin
            .as_deref()
            .is_some_and(|origin| origin.starts_with("https://"))
    }
}

fn default_sender(inbox: &Mailbox) -> Mailbox {
    let domain = inbox.email.domain();
    format!("College website <website@{domain}>")
        .parse()
        .unwrap_or_else(|_| inbox.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every secret setting, each a word found nowhere else; the key is 32 bytes of 0xA7, which
    /// `Debug` of the bytes would show as `167, 167, ...`.
    const SECRETS: [&str; 4] = [
        "--database=postgres://site:dbpass1@db.example/college",
        "--smtp-url=smtps://mailer:smtppass2@mail.example:465",
        "--google-client-secret=googlepass3",
        "--second-factor-key=p6enp6enp6enp6enp6enp6enp6enp6enp6enp6enp6c=",
    ];

    #[test]
    fn no_secret_reaches_debug_output() {
        let args = serve_args(&SECRETS);
        let config = Config::from_args(serve_args(
            &[&SECRETS[..], &["--google-client-id=site.example"]].concat(),
        ))
        .expect("valid");
        assert_eq!(
            config.second_factor_key.as_ref().map(|key| key.expose()[0]),
            Some(0xA7)
        );
        for shown in [
            format!("{args:?}"),
            format!("{config:?}"),
            format!("{config:#?}"),
        ] {
            for secret in ["dbpass1", "smtppass2", "googlepass3", "p6enp6", "167, 167"] {
                assert!(!shown.contains(secret), "{secret} in {shown}");
            }
            // What is not secret is still there to read.
            assert!(shown.contains("college.test"), "{shown}");
        }
        assert!(format!("{config:?}").contains("site.example"));
    }

    #[test]
    fn sender_defaults_to_the_inbox_domain() {
        let inbox: Mailbox = "office@riverside.example".parse().expect("mailbox");
        assert_eq!(
            default_sender(&inbox).to_string(),
            "College website <website@riverside.example>"
        );
    }

    /// Arguments as given on the command line. The settings that must parse are given
    /// explicitly, so that the machine's environment (which clap also reads) cannot change them.
    fn serve_args(extra: &[&str]) -> ServeArgs {
        let mut argv = vec!["college-site", "serve"];
        if !extra.iter().any(|arg| arg.starts_with("--database=")) {
            argv.push("--database=sqlite://x.db");
        }
        argv.extend([
            "--contact-inbox=office@college.test",
            "--mail-from=College <website@college.test>",
            "--oidc-issuer=https://accounts.google.com",
            "--public-url=https://college.test",
        ]);
        argv.extend_from_slice(extra);
        match Cli::try_parse_from(argv).expect("arguments parse").command {
            Command::Serve(args) => *args,
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn trusted_proxies_are_a_comma_separated_list() {
        let config = Config::from_args(serve_args(&["--trusted-proxies", "127.0.0.1, 10.0.0.0/8"]))
            .expect("valid");
        let shown: Vec<String> = config
            .trusted_proxies
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(shown, ["127.0.0.1/32", "10.0.0.0/8"]);

        let none = Config::from_args(serve_args(&["--trusted-proxies", ""])).expect("valid");
        assert!(none.trusted_proxies.is_empty());

        let error = Config::from_args(serve_args(&["--trusted-proxies", "10.0.0.1,proxy.local"]))
            .expect_err("refused");
        assert!(error.to_string().contains("\"proxy.local\""), "{error}");
    }
}
