//! Where SQLite's SQL differs from PostgreSQL's: the fragments and steps the shared
//! statements in `store/sql/` take from here, each beside its reason. `postgres/dialect.rs`
//! has the same names.

use super::Db;
use crate::store::error::StoreError;

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

/// Follows a SELECT of a row the transaction then changes. Nothing: SQLite has no row locks
/// (nor `FOR UPDATE`), and the transactions that use this have already written, so they hold
/// the write lock.
pub(super) const FOR_UPDATE: &str = "";

/// Begins the transaction that stores a link of `account_id` unless the account already has
/// too many recent ones. A plain BEGIN: the one statement that counts and inserts is the
/// transaction's first, and SQLite runs it under the write lock, so no other insert comes
/// between the count and this one.
pub(super) async fn begin_link_insert(
    pool: &sqlx::Pool<Db>,
    _account_id: &str,
) -> Result<sqlx::Transaction<'static, Db>, StoreError> {
    Ok(pool.begin().await?)
}

/// Begins a transaction that counts an account's rows and then adds to them (progress saves,
/// a teacher's new class, a student joining), so that parallel writes for one account read
/// and write its rows one after the other, and a cap holds. The write lock is taken at BEGIN:
/// a transaction that read first and wrote later could not take it once another writer had
/// committed (SQLITE_BUSY_SNAPSHOT), while one waiting at BEGIN waits its turn (busy timeout)
/// and then reads the latest rows.
pub(super) async fn begin_account_write(
    pool: &sqlx::Pool<Db>,
    _account_id: &str,
) -> Result<sqlx::Transaction<'static, Db>, StoreError> {
    Ok(pool.begin_with("BEGIN IMMEDIATE").await?)
}

/// The aggregate that joins a group's texts with a separator: `TEXT_LIST(expr, sep)`.
pub(super) const TEXT_LIST: &str = "group_concat";

/// Begins a transaction that reads the admins and then changes roles: it takes the write lock
/// at BEGIN, like [`begin_account_write`], so the admins it reads are still the admins when
/// it writes.
pub(super) async fn begin_admin_change(
    pool: &sqlx::Pool<Db>,
) -> Result<sqlx::Transaction<'static, Db>, StoreError> {
    Ok(pool.begin_with("BEGIN IMMEDIATE").await?)
}

/// The operator that matches a LIKE pattern without regard to case. SQLite's LIKE already
/// ignores case (for ASCII letters, as SQLite knows no other case rules without ICU).
pub(super) const LIKE_ANY_CASE: &str = "LIKE";

/// Begins a change to what the college publishes. The write lock is taken at BEGIN (as in
/// [`begin_account_write`]), so the change reads the newest state and no other change comes
/// between its read and its write.
pub(super) async fn begin_content_write(
    pool: &sqlx::Pool<Db>,
) -> Result<sqlx::Transaction<'static, Db>, StoreError> {
    Ok(pool.begin_with("BEGIN IMMEDIATE").await?)
}
