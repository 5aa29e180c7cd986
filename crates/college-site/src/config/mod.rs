//! Settings of the server. This is the only module that reads the environment (through clap's
//! `env` attributes), so every setting is documented in one place: `college-site serve --help`.
//!
//! Each concern has a file with its arguments (a clap `Args` struct, flattened into `serve`) and
//! what they parse into: `site.rs` (listener, public origin, proxies, offline copy), `mail.rs`,
//! `sign_in.rs` (Google), `limits.rs` (per-IP rates, request size), `retention.rs`,
//! `uploads.rs`, `second_factor.rs` (the sealing key) and `ops.rs` (metrics, backups,
//! connections, draining). `database.rs` is the `--database` every command takes, and
//! `commands.rs` the other commands' arguments. This file only assembles them into the command
//! line and [`Config`]; the concerns' files never import it (they share `error.rs`,
//! `parsers.rs` and `secrets.rs`), so no import goes around a circle.

mod commands;
mod database;
mod error;
mod limits;
mod mail;
pub mod ops;
pub mod parsers;
mod retention;
mod second_factor;
pub mod secrets;
mod sign_in;
mod site;
mod uploads;

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use clap::{Args, Parser, Subcommand};
use ipnet::IpNet;
use lettre::message::Mailbox;

pub use commands::{
    AccountsAction, AccountsArgs, BackupArgs, RolesAction, RolesArgs, SecondFactorAction,
    SecondFactorArgs,
};
pub use database::DatabaseArgs;
pub use error::ConfigError;
use limits::LimitArgs;
pub use limits::Limits;
pub use mail::OutboxSettings;
use mail::{MailArgs, default_sender};
use ops::OpsArgs;
pub use ops::{BackupSchedule, ConnectionLimits, LogFormat, OpsConfig};
use retention::RetentionArgs;
pub use second_factor::SecondFactorKey;
use second_factor::SecondFactorKeyArgs;
use secrets::Secret;
pub use sign_in::GoogleSettings;
use sign_in::SignInArgs;
pub use site::OfflineCache;
use site::SiteArgs;
use uploads::UploadArgs;
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

/// `college-site serve`: every setting of the server, one group per concern.
#[derive(Debug, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub site: SiteArgs,

    #[command(flatten)]
    pub database: DatabaseArgs,

    #[command(flatten)]
    pub mail: MailArgs,
    #[command(flatten)]
    pub sign_in: SignInArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub retention: RetentionArgs,
    #[command(flatten)]
    pub uploads: UploadArgs,
    #[command(flatten)]
    pub second_factor: SecondFactorKeyArgs,
    #[command(flatten)]
    pub ops: OpsArgs,
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

impl Config {
    /// The settings parsed, each concern by its own file. They are checked in this order (mail,
    /// public URL, database, proxies, Google, operations, second-factor key), and the first one
    /// refused stops start-up.
    pub fn from_args(args: ServeArgs) -> Result<Self, ConfigError> {
        let (contact_inbox, mail_from) = args.mail.mailboxes()?;
        let public_origin = args.site.public_origin()?;
        let database_url = args.database.checked_url()?.clone();
        Ok(Self {
            trusted_proxies: args.site.trusted_proxies()?,
            google: args.sign_in.google()?,
            ops: OpsConfig::from_args(args.ops).map_err(ConfigError::Ops)?,
            second_factor_key: args.second_factor.key()?,
            listen: args.site.listen,
            public_origin,
            offline_cache: args.site.offline_cache,
            database_url,
            data_dir: args.mail.data_dir.clone(),
            smtp_url: args.mail.smtp_url(),
            outbox: args.mail.outbox(),
            contact_inbox,
            mail_from,
            limits: args.limits.limits(),
            audit_retention: args.retention.audit_retention(),
            unverified_account_days: args.retention.unverified_account_days,
            uploads: args.uploads.settings(),
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
