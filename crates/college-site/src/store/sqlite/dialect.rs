//! Where SQLite's SQL differs from PostgreSQL's: the fragments the shared statements in
//! `store/sql/` take from here, each beside its reason. `postgres/dialect.rs` has the same
//! names.

/// Appended to the subquery that picks the mail `claim_due_mail` leases. Nothing: SQLite has
/// one writer at a time, so the one statement that picks and leases runs whole under the write
/// lock and no other worker can pick the same mail in between.
pub(super) const MAIL_CLAIM_LOCK: &str = "";
