//! What can go wrong in the store.

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A row with the same unique key (an email, a Google account) already exists.
    #[error("already exists")]
    Conflict,
    // Each message says what failed; the cause is its source (see `error_chain`).
    #[error("database error")]
    Database(#[source] sqlx::Error),
    #[error("migration failed")]
    Migration(#[from] sqlx::migrate::MigrateError),
    #[error("unsupported database URL (use sqlite:// or postgres://)")]
    UnsupportedUrl,
    #[error("cannot prepare the database's files")]
    Io(#[from] std::io::Error),
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        match &error {
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
            _ => StoreError::Database(error),
        }
    }
}
