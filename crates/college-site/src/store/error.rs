//! What can go wrong in the store.

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A row with the same unique key (an email, a Google account) already exists.
    #[error("already exists")]
    Conflict,
    #[error("database error: {0}")]
    Database(sqlx::Error),
    #[error("migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    #[error("unsupported database URL (use sqlite:// or postgres://)")]
    UnsupportedUrl,
    #[error("cannot create the database directory: {0}")]
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
