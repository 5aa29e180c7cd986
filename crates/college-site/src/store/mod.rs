//! Persistence: one [`Store`] trait, a SQLite backend (the embedded default) and a PostgreSQL
//! backend (for several server instances), chosen by the URL scheme. Each backend has its own
//! migrations folder with the same numbering; they are embedded and run at start-up. The SQL is
//! written once, in `sql/`, which each backend compiles against its own driver; its
//! `dialect.rs` holds the few fragments where SQLite and PostgreSQL really differ.
//!
//! The store holds SQL and nothing of HTTP; times are Unix milliseconds on both backends.

mod account_settings;
mod accounts;
mod audit;
mod backend;
mod classes;
mod college_holidays;
mod contact;
mod content;
mod dormant;
mod email_verifications;
mod error;
mod files;
mod grievance_files;
mod grievances;
mod inbox;
mod mail_health;
mod passkeys;
mod password_resets;
mod pending_sign_ins;
mod people;
mod postgres;
mod progress;
mod progress_limits;
mod publishing;
mod roles;
mod second_factors;
mod sqlite;

use std::sync::Arc;

// The rest of the server names the store's types from here; inside the store, each file names
// the file that defines what it uses, so no file imports this one back.
pub use account_settings::*;
pub use accounts::*;
pub use audit::*;
pub use backend::{PoolUse, SharedStore, Store};
pub use classes::*;
pub use college_holidays::*;
pub use contact::*;
pub use content::*;
pub use dormant::*;
pub use email_verifications::*;
pub use error::StoreError;
pub use files::*;
pub use grievance_files::*;
pub use grievances::*;
pub use inbox::*;
pub use mail_health::*;
pub use passkeys::*;
pub use password_resets::*;
pub use pending_sign_ins::*;
pub use people::*;
pub use postgres::PostgresStore;
pub use progress::*;
pub use publishing::*;
pub use roles::*;
pub use second_factors::*;
pub use sqlite::SqliteStore;

/// Opens the store named by `url` and runs its migrations.
pub async fn connect(url: &str) -> Result<SharedStore, StoreError> {
    if url.starts_with("sqlite:") {
        Ok(Arc::new(SqliteStore::connect(url).await?))
    } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        Ok(Arc::new(PostgresStore::connect(url).await?))
    } else {
        Err(StoreError::UnsupportedUrl)
    }
}

/// The current time in Unix milliseconds.
pub fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}
