//! Where SQLite's SQL differs from PostgreSQL's: the fragments the shared statements in
//! `store/sql/` take from here, each beside its reason. `postgres/dialect.rs` has the same
//! names.

/// Appended to the subquery that picks the mail `claim_due_mail` leases. Nothing: SQLite has
/// one writer at a time, so the one statement that picks and leases runs whole under the write
/// lock and no other worker can pick the same mail in between.
pub(super) const MAIL_CLAIM_LOCK: &str = "";

/// Appended to a parameter that holds JSON text (`extra`, a pass's `files`). Nothing: SQLite
/// keeps JSON as TEXT.
pub(super) const TEXT_TO_JSON: &str = "";

/// Appended to a JSON column read into a `String` (aliased back to its own name). Nothing:
/// SQLite keeps JSON as TEXT.
pub(super) const JSON_TO_TEXT: &str = "";

/// The profile's `extra` with the JSON object `$1` merged in, its keys winning: SQLite has
/// `json_patch` (a JSON merge patch, RFC 7396), not PostgreSQL's `jsonb ||`. The two differ
/// where a value is null (`json_patch` removes the key) or an object (`json_patch` merges it
/// into the stored one, `||` replaces it), hence callers pass no null values.
pub(super) const MERGE_EXTRA: &str = "json_patch(extra, $1)";

/// Follows a text column in ORDER BY. Nothing: SQLite compares text byte by byte (BINARY)
/// unless told otherwise, and no column here declares another collation.
pub(super) const BYTE_ORDER: &str = "";
