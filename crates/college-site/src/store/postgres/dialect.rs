//! Where PostgreSQL's SQL differs from SQLite's: the fragments the shared statements in
//! `store/sql/` take from here, each beside its reason. `sqlite/dialect.rs` has the same names.

/// Appended to the subquery that picks the mail `claim_due_mail` leases. Several server
/// instances claim at once, and a subquery reads without locking: two of them could pick the
/// same mail, and the second would lease it again once the first committed. This locks the
/// picked row, and makes the others skip it and take the next due mail instead of waiting.
pub(super) const MAIL_CLAIM_LOCK: &str = "FOR UPDATE SKIP LOCKED";
