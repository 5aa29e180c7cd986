//! The commands besides `serve` that an operator runs on the server, against the same database
//! while the server runs: `roles`, `accounts`, `second-factor` and `backup`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::database::DatabaseArgs;

/// `college-site roles grant|revoke|list`.
#[derive(Debug, Args)]
pub struct RolesArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,

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

/// `college-site backup DEST`.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write the copy: a file for SQLite, a `pg_dump` archive for PostgreSQL.
    pub dest: PathBuf,

    #[command(flatten)]
    pub database: DatabaseArgs,

    /// Replace DEST when it already exists.
    #[arg(long)]
    pub overwrite: bool,
}

/// `college-site accounts enable EMAIL`.
#[derive(Debug, Args)]
pub struct AccountsArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,

    #[command(subcommand)]
    pub action: AccountsAction,
}

#[derive(Debug, Subcommand)]
pub enum AccountsAction {
    /// Let the disabled account with this EMAIL sign in again.
    Enable { email: String },
}

/// `college-site second-factor reset EMAIL`.
#[derive(Debug, Args)]
pub struct SecondFactorArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,

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
