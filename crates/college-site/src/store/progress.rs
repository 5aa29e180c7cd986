//! A signed-in student's tutorial progress: lessons marked done, challenges passed and edited
//! demo files.
//!
//! A student may work in several browsers, each saving in the background, so every item
//! carries the time of its change and the newer change wins, whatever order the saves arrive
//! in. Saving the same thing twice changes nothing the second time.

use std::collections::BTreeMap;

use async_trait::async_trait;

use super::error::StoreError;

/// A lesson marked done, or the mark taken back (`done == false`, kept so that it wins over an
/// older "done" from another browser).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LessonMark {
    pub lesson: String,
    pub done: bool,
    pub changed_at: i64,
}

/// A challenge passed, with the code of each file that passed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengePass {
    pub challenge: String,
    pub passed_at: i64,
    pub files: BTreeMap<String, String>,
}

/// When a challenge was passed; what [`ProgressStore::progress`] tells of a pass.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PassedChallenge {
    pub challenge: String,
    pub passed_at: i64,
}

/// The version of a file that lost when the edits of two browsers were merged, kept until the
/// student dismisses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherVersion {
    pub code: String,
    pub edited_at: i64,
}

/// One edited file of a demo, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedFile {
    pub lesson: String,
    pub demo: String,
    pub file: String,
    /// `None` when the student reset the file to the demo's own code.
    pub code: Option<String>,
    /// Identifies the original code the edit started from.
    pub base: String,
    pub edited_at: i64,
    pub other: Option<OtherVersion>,
}

/// What a background save does to a file's other version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OtherChange {
    /// Leaves it as stored.
    Keep,
    /// Removes it: the student dismissed it.
    Clear,
    Set(OtherVersion),
}

/// A file as a browser sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileWrite {
    pub lesson: String,
    pub demo: String,
    pub file: String,
    pub code: Option<String>,
    pub base: String,
    pub edited_at: i64,
    /// Ignored when merging.
    pub other: OtherChange,
}

/// One save of progress, applied as a whole or not at all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProgressWrite {
    /// True when a browser uploads what it held before the student signed in: a file edited
    /// both there and in the account keeps both versions (the older as the other version)
    /// instead of the newer replacing the older.
    pub merge: bool,
    /// When the server took the write: the student's "last active" in a teacher's view.
    pub received_at: i64,
    pub lessons: Vec<LessonMark>,
    pub passes: Vec<ChallengePass>,
    pub files: Vec<FileWrite>,
}

/// What an account holds, as a browser reads it when a lesson opens.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    /// Every mark, taken back or not, by lesson.
    pub lessons: Vec<LessonMark>,
    /// Every pass, by challenge.
    pub passes: Vec<PassedChallenge>,
    /// The saved files of the lesson asked for, resets included, by demo then file.
    pub files: Vec<SavedFile>,
}

/// How much of its progress one account may keep: rows of each kind, and bytes in all; the
/// site's own limits are in `progress::limits`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProgressLimits {
    /// Saved files holding code or another version. A reset without another version is
    /// only a marker and does not count.
    pub files: i64,
    /// Challenge passes.
    pub passes: i64,
    /// Lesson marks, taken back or not.
    pub marks: i64,
    /// Bytes of what the account keeps: the code and other version of every saved file, and
    /// the files of every challenge pass.
    pub bytes: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveOutcome {
    /// Saved. `files` holds the stored row of each file in the write, after it, by demo then
    /// file: a browser whose edit lost learns the newer one.
    Saved { files: Vec<SavedFile> },
    /// Nothing was saved: the write added files and would have left the account with more
    /// than its limit of files holding code or another version.
    TooManyFiles,
    /// Nothing was saved: the write added passes past the account's limit.
    TooManyPasses,
    /// Nothing was saved: the write added lesson marks past the account's limit.
    TooManyMarks,
    /// Nothing was saved: the write grew what the account keeps past its budget of bytes.
    TooManyBytes,
}

#[async_trait]
pub trait ProgressStore {
    /// The account's marks and passes, and the saved files of `lesson` (none when `None`).
    async fn progress(
        &self,
        account_id: &str,
        lesson: Option<&str>,
    ) -> Result<Progress, StoreError>;

    /// Applies a write in one transaction, item by item, newer wins (on a tie the stored item
    /// stays). Writes to one account are applied one after the other, so parallel saves of a
    /// file never fail and the newest edit is the one kept. Nothing is saved when the write
    /// adds rows of a kind and leaves the account with more than `limits` allows of it.
    async fn save_progress(
        &self,
        account_id: &str,
        write: &ProgressWrite,
        limits: &ProgressLimits,
    ) -> Result<SaveOutcome, StoreError>;
}

/// The row a file write leaves, and whether it differs from the stored one (`stored` is
/// `None` when the account has no row for the file).
///
/// A background save replaces an older row. A merge keeps both versions when the code
/// differs: the newer becomes the code and the older the other version, unless the older is a
/// reset, which has nothing to keep.
pub(super) fn file_after_write(
    stored: Option<SavedFile>,
    write: &FileWrite,
    merge: bool,
) -> (SavedFile, bool) {
    let incoming = |other| SavedFile {
        lesson: write.lesson.clone(),
        demo: write.demo.clone(),
        file: write.file.clone(),
        code: write.code.clone(),
        base: write.base.clone(),
        edited_at: write.edited_at,
        other,
    };
    let Some(stored) = stored else {
        let other = match (&write.other, merge) {
            (OtherChange::Set(other), false) => Some(other.clone()),
            _ => None,
        };
        return (incoming(other), true);
    };
    let newer = write.edited_at > stored.edited_at;
    let same_code = stored.code == write.code;
    if !newer && (!merge || same_code) {
        return (stored, false);
    }
    // The losing version of a merge, kept as the other version; a reset has nothing to keep,
    // so the stored other version stays.
    let kept = |code: &Option<String>, edited_at| {
        code.clone()
            .map(|code| OtherVersion { code, edited_at })
            .or_else(|| stored.other.clone())
    };
    let after = if !merge {
        incoming(match &write.other {
            OtherChange::Keep => stored.other.clone(),
            OtherChange::Clear => None,
            OtherChange::Set(other) => Some(other.clone()),
        })
    } else if same_code {
        incoming(stored.other.clone())
    } else if newer {
        incoming(kept(&stored.code, stored.edited_at))
    } else {
        SavedFile {
            other: kept(&write.code, write.edited_at),
            ..stored.clone()
        }
    };
    let changed = after != stored;
    (after, changed)
}

/// A saved file row as both backends read it.
#[derive(sqlx::FromRow)]
pub(super) struct SavedFileRow {
    pub lesson: String,
    pub demo: String,
    pub file: String,
    pub code: Option<String>,
    pub base: String,
    pub edited_at: i64,
    pub other_code: Option<String>,
    pub other_edited_at: Option<i64>,
}

impl From<SavedFileRow> for SavedFile {
    fn from(row: SavedFileRow) -> Self {
        SavedFile {
            lesson: row.lesson,
            demo: row.demo,
            file: row.file,
            code: row.code,
            base: row.base,
            edited_at: row.edited_at,
            other: match (row.other_code, row.other_edited_at) {
                (Some(code), Some(edited_at)) => Some(OtherVersion { code, edited_at }),
                _ => None,
            },
        }
    }
}

pub(super) const SAVED_FILE_COLUMNS: &str =
    "lesson, demo, file, code, base, edited_at, other_code, other_edited_at";

pub(super) fn pass_files_json(files: &BTreeMap<String, String>) -> String {
    serde_json::to_string(files).unwrap_or_else(|_| "{}".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(code: Option<&str>, edited_at: i64, other: OtherChange) -> FileWrite {
        FileWrite {
            lesson: "state".into(),
            demo: "counter".into(),
            file: "App.jsx".into(),
            code: code.map(Into::into),
            base: "b1".into(),
            edited_at,
            other,
        }
    }

    fn stored(code: Option<&str>, edited_at: i64, other: Option<(&str, i64)>) -> SavedFile {
        SavedFile {
            lesson: "state".into(),
            demo: "counter".into(),
            file: "App.jsx".into(),
            code: code.map(Into::into),
            base: "b1".into(),
            edited_at,
            other: other.map(|(code, edited_at)| OtherVersion {
                code: code.into(),
                edited_at,
            }),
        }
    }

    #[test]
    fn a_background_save_replaces_only_an_older_row() {
        let row = stored(Some("a"), 10, Some(("o", 5)));
        let save =
            |code, at, other| file_after_write(Some(row.clone()), &write(code, at, other), false);
        assert_eq!(save(Some("b"), 10, OtherChange::Keep), (row.clone(), false));
        assert_eq!(
            save(Some("b"), 11, OtherChange::Keep),
            (stored(Some("b"), 11, Some(("o", 5))), true)
        );
        assert_eq!(
            save(None, 11, OtherChange::Clear),
            (stored(None, 11, None), true)
        );
        assert_eq!(
            file_after_write(None, &write(Some("b"), 1, OtherChange::Keep), false),
            (stored(Some("b"), 1, None), true)
        );
    }

    #[test]
    fn a_merge_keeps_the_losing_code_as_the_other_version() {
        let row = stored(Some("a"), 10, None);
        let merge = |code, at| {
            file_after_write(
                Some(row.clone()),
                &write(code, at, OtherChange::Clear),
                true,
            )
        };
        assert_eq!(
            merge(Some("a"), 5),
            (row.clone(), false),
            "same code, older"
        );
        assert_eq!(merge(Some("a"), 12), (stored(Some("a"), 12, None), true));
        assert_eq!(
            merge(Some("b"), 12),
            (stored(Some("b"), 12, Some(("a", 10))), true)
        );
        assert_eq!(
            merge(Some("b"), 8),
            (stored(Some("a"), 10, Some(("b", 8))), true)
        );
        assert_eq!(
            merge(None, 8),
            (row.clone(), false),
            "an older reset has nothing to keep"
        );
        assert_eq!(merge(None, 12), (stored(None, 12, Some(("a", 10))), true));
    }
}
