//! The database every command works on: `--database`, or `DATABASE_URL`. It is declared once,
//! here, and flattened into `serve` and into each of the operator's commands, so that all of
//! them take it the same way, with the same help, default and check.

use clap::Args;

use super::{error::ConfigError, secrets::Secret};

/// `--database` as every command takes it.
#[derive(Debug, Clone, Args)]
pub struct DatabaseArgs {
    /// Database URL: `sqlite://PATH` (embedded, the default) or `postgres://...` (for several
    /// server instances). Every command takes the one `serve` runs with; `serve` runs the
    /// migrations at start-up.
    //
    // Global, so that it may also follow a command's action (`roles grant ... --database URL`).
    #[arg(
        id = "database",
        long = "database",
        value_name = "URL",
        env = "DATABASE_URL",
        default_value = "sqlite://./data/college.db",
        hide_env_values = true,
        global = true
    )]
    pub url: Secret<String>,
}

impl DatabaseArgs {
    /// The URL, once it names a database the server can use; every command refuses any other
    /// with the same message.
    pub fn checked_url(&self) -> Result<&Secret<String>, ConfigError> {
        let url = self.url.expose();
        if url.starts_with("sqlite:")
            || url.starts_with("postgres:")
            || url.starts_with("postgresql:")
        {
            Ok(&self.url)
        } else {
            Err(ConfigError::DatabaseScheme)
        }
    }
}

/// A URL given in code rather than on the command line, as tests run the commands.
impl From<&str> for DatabaseArgs {
    fn from(url: &str) -> Self {
        Self { url: url.into() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sqlite_and_postgres_urls_are_taken() {
        for good in [
            "sqlite://./data/college.db",
            "postgres://site:pass@db/college",
            "postgresql://db/college",
        ] {
            assert!(DatabaseArgs::from(good).checked_url().is_ok(), "{good}");
        }
        let error = DatabaseArgs::from("mysql://db/college")
            .checked_url()
            .expect_err("refused");
        assert_eq!(
            error.to_string(),
            "DATABASE_URL must start with sqlite:// or postgres://"
        );
    }
}
