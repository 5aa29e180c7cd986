//! How much of its progress one account may keep, and how a write is held to it.
//!
//! The rows are counted before and after a write, in its transaction: a write that leaves an
//! account past a limit is refused whole, but only when it left more rows of that kind than
//! there were. A write that only changes rows the account has always goes through, so an
//! account that is already past a limit (a lowered one) can still save its work, and reset
//! files to make room. Passes and marks are never deleted, so for them "more" means added.
//! The bytes kept are held to a budget the same way: a write that grows them past it is
//! refused, one that keeps or shrinks them (a reset, shorter code) always goes through.

use super::progress::{ProgressLimits, SaveOutcome};

/// The rows of an account that [`ProgressLimits`] counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub(super) struct AccountRows {
    pub files: i64,
    pub passes: i64,
    pub marks: i64,
    pub bytes: i64,
}

/// Counts [`AccountRows`] for the account `$1`. Both databases read it alike: `$1` binds by
/// number on SQLite too, `octet_length` counts bytes of UTF-8 (SQLite since 3.43), and a pass's
/// files are measured as text (PostgreSQL keeps them as `jsonb`).
pub(super) const ACCOUNT_ROWS_SQL: &str = "SELECT
    (SELECT COUNT(*) FROM saved_files
     WHERE account_id = $1 AND (code IS NOT NULL OR other_code IS NOT NULL)) AS files,
    (SELECT COUNT(*) FROM challenge_passes WHERE account_id = $1) AS passes,
    (SELECT COUNT(*) FROM lesson_marks WHERE account_id = $1) AS marks,
    (SELECT COALESCE(SUM(COALESCE(octet_length(code), 0) + COALESCE(octet_length(other_code), 0)), 0)
     FROM saved_files WHERE account_id = $1)
    + (SELECT COALESCE(SUM(octet_length(CAST(files AS TEXT))), 0)
       FROM challenge_passes WHERE account_id = $1) AS bytes";

impl AccountRows {
    /// Why a write that took the account from `before` to `self` is refused, if it is.
    pub(super) fn refusal(
        &self,
        before: &AccountRows,
        limits: &ProgressLimits,
    ) -> Option<SaveOutcome> {
        let past = |after: i64, before: i64, limit: i64| after > limit && after > before;
        if past(self.files, before.files, limits.files) {
            Some(SaveOutcome::TooManyFiles)
        } else if past(self.passes, before.passes, limits.passes) {
            Some(SaveOutcome::TooManyPasses)
        } else if past(self.marks, before.marks, limits.marks) {
            Some(SaveOutcome::TooManyMarks)
        } else if past(self.bytes, before.bytes, limits.bytes) {
            Some(SaveOutcome::TooManyBytes)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: ProgressLimits = ProgressLimits {
        files: 2,
        passes: 3,
        marks: 4,
        bytes: 100,
    };

    fn rows(files: i64, passes: i64, marks: i64, bytes: i64) -> AccountRows {
        AccountRows {
            files,
            passes,
            marks,
            bytes,
        }
    }

    #[test]
    fn only_a_write_that_adds_rows_or_bytes_past_a_limit_is_refused() {
        let refusal = |before, after: AccountRows| after.refusal(&before, &LIMITS);
        assert_eq!(
            refusal(rows(1, 2, 3, 90), rows(2, 3, 4, 100)),
            None,
            "at the limits"
        );
        assert_eq!(
            refusal(rows(2, 0, 0, 0), rows(3, 0, 0, 0)),
            Some(SaveOutcome::TooManyFiles)
        );
        assert_eq!(
            refusal(rows(0, 3, 0, 0), rows(0, 4, 0, 0)),
            Some(SaveOutcome::TooManyPasses)
        );
        assert_eq!(
            refusal(rows(0, 0, 4, 0), rows(0, 0, 5, 0)),
            Some(SaveOutcome::TooManyMarks)
        );
        assert_eq!(
            refusal(rows(1, 0, 0, 100), rows(1, 0, 0, 101)),
            Some(SaveOutcome::TooManyBytes)
        );
        assert_eq!(
            refusal(rows(9, 9, 9, 900), rows(9, 9, 9, 900)),
            None,
            "past every limit already, adding nothing"
        );
        assert_eq!(
            refusal(rows(9, 0, 0, 900), rows(8, 0, 0, 800)),
            None,
            "fewer files, fewer bytes"
        );
        assert_eq!(
            refusal(rows(1, 0, 0, 900), rows(1, 0, 0, 899)),
            None,
            "past the budget already, shrinking"
        );
    }
}
