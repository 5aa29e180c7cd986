//! Where PostgreSQL's SQL differs from SQLite's: the fragments and steps the shared
//! statements in `store/sql/` take from here, each beside its reason. `sqlite/dialect.rs` has
//! the same names.

use super::Db;
use crate::store::error::StoreError;

/// Appended to the subquery that picks the mail `claim_due_mail` leases. Several server
/// instances claim at once, and a subquery reads without locking: two of them could pick the
/// same mail, and the second would lease it again once the first committed. This locks the
/// picked row, and makes the others skip it and take the next due mail instead of waiting.
pub(super) const MAIL_CLAIM_LOCK: &str = "FOR UPDATE SKIP LOCKED";

/// Appended to a parameter that holds JSON text (`extra`, a pass's `files`): the column is
/// `jsonb`, and PostgreSQL does not turn a text parameter into it unasked.
pub(super) const TEXT_TO_JSON: &str = "::jsonb";

/// Appended to a JSON column read into a `String` (aliased back to its own name): the column is
/// `jsonb`, which sqlx decodes into a `String` only once it is cast to text.
pub(super) const JSON_TO_TEXT: &str = "::text";

/// The profile's `extra` with the JSON object `$1` merged in, its keys winning: PostgreSQL has
/// `jsonb ||`, not SQLite's `json_patch`. The two differ where a value is null (`||` keeps it)
/// or an object (`||` replaces the stored one, `json_patch` merges into it), hence callers pass
/// no null values.
pub(super) const MERGE_EXTRA: &str = "extra || $1::jsonb";

/// Follows a text column in ORDER BY: byte order, as on SQLite, whatever collation the
/// database has (`"C"` is PostgreSQL's; SQLite has `BINARY` and no `"C"`).
pub(super) const BYTE_ORDER: &str = r#"COLLATE "C""#;

/// Follows a SELECT of a row the transaction then changes: locks the row, so that another
/// transaction changing it waits until this one ends instead of acting on the same value.
pub(super) const FOR_UPDATE: &str = "FOR UPDATE";

/// Begins the transaction that stores a link of `account_id` unless the account already has
/// too many recent ones. The account's row is locked first, so parallel requests for one
/// account count and insert one after the other.
pub(super) async fn begin_link_insert(
    pool: &sqlx::Pool<Db>,
    account_id: &str,
) -> Result<sqlx::Transaction<'static, Db>, StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT id FROM accounts WHERE id = $1 FOR UPDATE")
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

/// Begins a transaction that counts an account's rows and then adds to them (progress saves,
/// a teacher's new class, a student joining). The account's row is locked first, so parallel
/// writes for one account read and write its rows one after the other, each seeing what the
/// one before committed (and counting the rows the limits count). NO KEY
/// UPDATE, not UPDATE: a sign-in inserting a session for the account takes a KEY SHARE lock on
/// the row for its foreign key, which UPDATE would make wait behind the write (and the write
/// behind the sign-in).
pub(super) async fn begin_account_write(
    pool: &sqlx::Pool<Db>,
    account_id: &str,
) -> Result<sqlx::Transaction<'static, Db>, StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE")
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

/// The aggregate that joins a group's texts with a separator: `TEXT_LIST(expr, sep)`.
pub(super) const TEXT_LIST: &str = "string_agg";

/// Begins a transaction that reads the admins and then changes roles. A plain BEGIN: it reads
/// the admins' rows `FOR UPDATE`, so a second such transaction waits, then sees this one's
/// change.
pub(super) async fn begin_admin_change(
    pool: &sqlx::Pool<Db>,
) -> Result<sqlx::Transaction<'static, Db>, StoreError> {
    Ok(pool.begin().await?)
}

/// The operator that matches a LIKE pattern without regard to case: PostgreSQL's LIKE is
/// case-sensitive, ILIKE is not.
pub(super) const LIKE_ANY_CASE: &str = "ILIKE";

/// Begins a change to what the college publishes. The one generation row is locked first, so
/// changes (an editor's save, a publish, a due schedule on any instance) run one after the
/// other, each reading what the one before committed. Editors change content rarely; one
/// queue is simpler than a lock per item and decides a cap and a free slug too.
pub(super) async fn begin_content_write(
    pool: &sqlx::Pool<Db>,
) -> Result<sqlx::Transaction<'static, Db>, StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT generation FROM content_generation WHERE id = 1 FOR UPDATE")
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}
