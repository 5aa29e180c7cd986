//! How long the server keeps what it deletes by itself: staff actions in the audit log, and
//! accounts that were never confirmed nor used.

use std::time::Duration;

use clap::Args;

#[derive(Debug, Args)]
pub struct RetentionArgs {
    /// Days after which an account that never confirmed its address, holds no role and has not
    /// been used is deleted; its address is mailed a week before.
    #[arg(long, env = "UNVERIFIED_ACCOUNT_DAYS", default_value_t = 30, value_parser = clap::value_parser!(u32).range(8..=36_500))]
    pub unverified_account_days: u32,

    /// Days the audit log keeps an entry of a staff action; the server deletes older ones.
    #[arg(long, env = "AUDIT_RETENTION_DAYS", default_value_t = 365, value_parser = clap::value_parser!(u32).range(1..=36_500))]
    pub audit_retention_days: u32,
}

impl RetentionArgs {
    pub fn audit_retention(&self) -> Duration {
        Duration::from_secs(u64::from(self.audit_retention_days) * 86_400)
    }
}
