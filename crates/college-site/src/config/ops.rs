//! Settings for running the site over the years: the log format, the metrics listener,
//! scheduled backups, draining at shutdown.

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use clap::{Args, ValueEnum};

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// One line of text per event, for a person reading a terminal.
    Text,
    /// One JSON object per line, for a log collector.
    Json,
}

/// The operator's settings of `serve`, beside the site's own.
#[derive(Debug, Args)]
pub struct OpsArgs {
    /// Address of a second listener that answers `/metrics` in Prometheus' text format, e.g.
    /// `127.0.0.1:9100`. Off when unset; the site's own listener never serves metrics. Keep it
    /// on loopback or a private network: the figures are for the operator.
    #[arg(long, env = "COLLEGE_METRICS_LISTEN")]
    pub metrics_listen: Option<SocketAddr>,

    /// Directory where the server writes a backup of its SQLite database every BACKUP_EVERY
    /// (with PostgreSQL, through `pg_dump` when it is installed). Off when unset.
    #[arg(long, env = "COLLEGE_BACKUP_DIR")]
    pub backup_dir: Option<PathBuf>,

    /// Time between scheduled backups, e.g. `24h` or `6h`.
    #[arg(long, env = "COLLEGE_BACKUP_EVERY", default_value = "24h", value_parser = humantime::parse_duration)]
    pub backup_every: Duration,

    /// How many scheduled backups to keep in BACKUP_DIR; older ones are deleted.
    #[arg(long, env = "COLLEGE_BACKUP_KEEP", default_value_t = 7)]
    pub backup_keep: u32,

    /// After SIGTERM, how long `/readyz` answers 503 while the site still serves, before the
    /// server stops taking connections and finishes the requests in flight: a load balancer
    /// checking `/readyz` has that long to stop sending visitors here. E.g. `10s`.
    #[arg(long, env = "COLLEGE_DRAIN_DELAY", default_value = "0s", value_parser = humantime::parse_duration)]
    pub drain_delay: Duration,

    /// How long a client has to send a request's headers; a keep-alive connection left idle
    /// this long is closed too. E.g. `10s`.
    #[arg(long, env = "COLLEGE_HEADER_TIMEOUT", default_value = "10s", value_parser = humantime::parse_duration)]
    pub header_timeout: Duration,

    /// How long an answer may wait for a client that reads nothing before its connection is
    /// cut off (a slow reader that reads at all is never cut). E.g. `60s`.
    #[arg(long, env = "COLLEGE_SEND_TIMEOUT", default_value = "60s", value_parser = humantime::parse_duration)]
    pub send_timeout: Duration,

    /// The most connections open at once (never more than the process's file limit allows,
    /// `ulimit -n`); beyond it, idle connections are closed to make room.
    #[arg(long, env = "COLLEGE_MAX_CONNECTIONS", default_value_t = ConnectionLimits::default().max_open)]
    pub max_connections: usize,
}

/// Backups the server takes itself.
#[derive(Debug, Clone)]
pub struct BackupSchedule {
    pub dir: PathBuf,
    pub every: Duration,
    /// At least 1.
    pub keep: usize,
}

/// What the listener allows each client (see `connections`).
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// A request's headers must arrive within this; an idle keep-alive connection closes after it.
    pub header_timeout: Duration,
    /// A write the client takes nothing of for this long cuts the connection off.
    pub send_timeout: Duration,
    /// Connections open at once, at most.
    pub max_open: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self {
            header_timeout: Duration::from_secs(10),
            send_timeout: Duration::from_secs(60),
            max_open: 1024,
        }
    }
}

/// The operator's settings, parsed.
#[derive(Debug, Clone, Default)]
pub struct OpsConfig {
    pub metrics_listen: Option<SocketAddr>,
    pub backups: Option<BackupSchedule>,
    pub drain_delay: Duration,
    pub connections: ConnectionLimits,
}

impl OpsConfig {
    pub fn from_args(args: OpsArgs) -> Result<Self, String> {
        if args.backup_every < Duration::from_secs(60) {
            return Err("BACKUP_EVERY must be at least 1m".to_owned());
        }
        if args.send_timeout < Duration::from_secs(1) {
            return Err("SEND_TIMEOUT must be at least 1s".to_owned());
        }
        if args.header_timeout < Duration::from_secs(1) {
            return Err("HEADER_TIMEOUT must be at least 1s".to_owned());
        }
        if args.max_connections < 16 {
            return Err("MAX_CONNECTIONS must be at least 16".to_owned());
        }
        Ok(Self {
            metrics_listen: args.metrics_listen,
            backups: args.backup_dir.map(|dir| BackupSchedule {
                dir,
                every: args.backup_every,
                keep: usize::try_from(args.backup_keep.max(1)).unwrap_or(1),
            }),
            drain_delay: args.drain_delay,
            connections: ConnectionLimits {
                header_timeout: args.header_timeout,
                send_timeout: args.send_timeout,
                max_open: args.max_connections,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(every: &str, dir: Option<&str>) -> OpsArgs {
        OpsArgs {
            metrics_listen: None,
            backup_dir: dir.map(PathBuf::from),
            backup_every: humantime::parse_duration(every).expect("duration"),
            backup_keep: 0,
            drain_delay: Duration::ZERO,
            header_timeout: Duration::from_secs(10),
            send_timeout: Duration::from_secs(60),
            max_connections: 1024,
        }
    }

    #[test]
    fn backups_are_off_without_a_folder_and_keep_at_least_one() {
        assert!(
            OpsConfig::from_args(ops("24h", None))
                .expect("valid")
                .backups
                .is_none()
        );
        let on = OpsConfig::from_args(ops("24h", Some("/backups")))
            .expect("valid")
            .backups
            .expect("on");
        assert_eq!(on.keep, 1);
        assert_eq!(on.every, Duration::from_secs(86_400));
        let error = OpsConfig::from_args(ops("10s", Some("/backups"))).expect_err("refused");
        assert!(error.contains("at least 1m"), "{error}");
    }
}
