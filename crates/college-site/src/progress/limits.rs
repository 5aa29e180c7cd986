//! What one account may keep of its progress, in one place. Each number keeps an account
//! small whatever a browser sends, and is far above what the tutorial asks of a student (17
//! lessons and a few dozen challenges today), so that only a browser sending made-up names
//! meets the caps on passes and marks.

use std::time::Duration;

use crate::store::ProgressLimits;

/// The largest piece of code kept, in bytes of UTF-8.
pub const MAX_CODE_BYTES: usize = 20 * 1024;

/// The rows one account may keep: 500 saved files holding code or another version (a reset
/// without another version does not count, so resetting demos makes room), 200 challenge
/// passes and 200 lesson marks. A write past one of them is refused whole, and only when it
/// adds rows of that kind: see [`crate::store::ProgressStore::save_progress`].
///
/// And 2 MiB in all of code, other versions and passes' files (decision 0006 says why): every
/// demo and challenge of the tutorial, edited, with another version each and every challenge
/// passed, is about 0.2 MB, so the budget holds that ten times over, while one account can no
/// longer fill the disk (500 files of 20 KB with another version each would be 20 MB).
pub const ACCOUNT_LIMITS: ProgressLimits = ProgressLimits {
    files: 500,
    passes: 200,
    marks: 200,
    bytes: ACCOUNT_BYTES,
};

/// What one account may keep in all, in bytes of UTF-8: see [`ACCOUNT_LIMITS`].
pub const ACCOUNT_BYTES: i64 = 2 * 1024 * 1024;

/// Saves one account may send at once, then one more every [`SAVES_REFILL`]. The page sends
/// once the student pauses for a second, so a student typing in two tabs stays far below it,
/// while a script gets 60 saves and then two a second, not hundreds.
pub const SAVES_BURST: u32 = 60;
pub const SAVES_REFILL: Duration = Duration::from_millis(500);

/// Items of each list in one write.
pub const MAX_ITEMS: usize = 100;

/// Files of one challenge pass.
pub const MAX_PASS_FILES: usize = 10;
