//! What a browser may keep in an account, and how the JSON it sends becomes a
//! [`ProgressWrite`].
//!
//! Names must have the shape the tutorial gives them, so that nothing else fills the tables;
//! code is limited in size, and the number of edited files per account, so that an account
//! stays small. Times in the future are taken as now: a browser whose clock runs ahead must
//! not pin its version over every later edit.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};

use crate::store::{
    ChallengePass, FileWrite, LessonMark, OtherChange, OtherVersion, ProgressWrite,
};

/// The largest piece of code kept, in bytes of UTF-8.
pub const MAX_CODE_BYTES: usize = 20 * 1024;
/// Edited files (not counting resets) one account may keep.
pub const MAX_SAVED_FILES: i64 = 500;
/// Items of each list in one write.
pub const MAX_ITEMS: usize = 100;
/// Files of one challenge pass.
pub const MAX_PASS_FILES: usize = 20;

#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    #[error("{0}")]
    Invalid(String),
    #[error(
        "{file} is too large to keep in your account: a saved file can be at most 20 KB. It is still kept in this browser."
    )]
    TooLarge { file: String },
    #[error(
        "Your account can keep at most {MAX_SAVED_FILES} edited files. Reset demos you no longer need, then try again."
    )]
    TooManyFiles,
}

/// The body of a save. Every list may be left out; fields left out are reported by the checks
/// below, in plain words, rather than by the JSON decoder.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WriteInput {
    #[serde(default)]
    merge: bool,
    #[serde(default)]
    lessons: Vec<MarkInput>,
    #[serde(default)]
    passes: Vec<PassInput>,
    #[serde(default)]
    files: Vec<FileInput>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct MarkInput {
    #[serde(default)]
    lesson: String,
    done: Option<bool>,
    #[serde(default)]
    changed_at: i64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PassInput {
    #[serde(default)]
    challenge: String,
    #[serde(default)]
    passed_at: i64,
    #[serde(default)]
    files: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FileInput {
    #[serde(default)]
    lesson: String,
    #[serde(default)]
    demo: String,
    #[serde(default)]
    file: String,
    /// Absent: not said (refused); `null`: the file was reset.
    #[serde(default, deserialize_with = "present")]
    code: Option<Option<String>>,
    #[serde(default)]
    base: String,
    #[serde(default)]
    edited_at: i64,
    /// Absent: keep the stored other version; `null`: remove it; an object: set it.
    #[serde(default, deserialize_with = "present")]
    other: Option<Option<OtherInput>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OtherInput {
    #[serde(default)]
    code: String,
    #[serde(default)]
    edited_at: i64,
}

/// Tells a key sent as `null` (`Some(None)`) from a key left out (`None`, by `default`).
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// Checks a lesson name, as asked for in a query.
pub fn parse_lesson(lesson: &str) -> Result<String, ProgressError> {
    if is_lesson_name(lesson) {
        Ok(lesson.to_owned())
    } else {
        Err(ProgressError::Invalid(
            "The lesson asked for is not a lesson name: 1 to 64 characters, each a lowercase letter, a digit or a dash.".into(),
        ))
    }
}

/// Checks a save and turns it into what the store applies; times after `now` become `now`.
pub fn parse_write(input: WriteInput, now: i64) -> Result<ProgressWrite, ProgressError> {
    at_most(input.lessons.len(), "lesson marks")?;
    at_most(input.passes.len(), "challenge passes")?;
    at_most(input.files.len(), "saved files")?;
    let lessons = input
        .lessons
        .into_iter()
        .enumerate()
        .map(|(n, mark)| parse_mark(mark, &format!("Lesson mark {}", n + 1), now))
        .collect::<Result<_, _>>()?;
    let passes = input
        .passes
        .into_iter()
        .enumerate()
        .map(|(n, pass)| parse_pass(pass, &format!("Challenge pass {}", n + 1), now))
        .collect::<Result<_, _>>()?;
    let files = input
        .files
        .into_iter()
        .enumerate()
        .map(|(n, file)| parse_file(file, &format!("Saved file {}", n + 1), now))
        .collect::<Result<_, _>>()?;
    Ok(ProgressWrite {
        merge: input.merge,
        lessons,
        passes,
        files,
    })
}

fn parse_mark(mark: MarkInput, at: &str, now: i64) -> Result<LessonMark, ProgressError> {
    if !is_lesson_name(&mark.lesson) {
        return Err(invalid(at, LESSON_RULE));
    }
    let Some(done) = mark.done else {
        return Err(invalid(at, "done must be true or false."));
    };
    Ok(LessonMark {
        lesson: mark.lesson,
        done,
        changed_at: time(mark.changed_at, at, "changedAt", now)?,
    })
}

fn parse_pass(pass: PassInput, at: &str, now: i64) -> Result<ChallengePass, ProgressError> {
    let challenge_ok = (1..=128).contains(&pass.challenge.len())
        && pass
            .challenge
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'/');
    if !challenge_ok {
        return Err(invalid(
            at,
            "a challenge name is 1 to 128 characters, each a lowercase letter, a digit, a dash or a slash.",
        ));
    }
    if pass.files.len() > MAX_PASS_FILES {
        return Err(invalid(
            at,
            &format!("a pass can keep at most {MAX_PASS_FILES} files."),
        ));
    }
    for (name, code) in &pass.files {
        if !is_plain_name(name, 100) {
            return Err(invalid(at, FILE_RULE));
        }
        fits(code, name)?;
    }
    Ok(ChallengePass {
        challenge: pass.challenge,
        passed_at: time(pass.passed_at, at, "passedAt", now)?,
        files: pass.files,
    })
}

fn parse_file(file: FileInput, at: &str, now: i64) -> Result<FileWrite, ProgressError> {
    if !is_lesson_name(&file.lesson) {
        return Err(invalid(at, LESSON_RULE));
    }
    if !is_plain_name(&file.demo, 200) {
        return Err(invalid(
            at,
            "a demo name is 1 to 200 characters, without control characters.",
        ));
    }
    if !is_plain_name(&file.file, 100) {
        return Err(invalid(at, FILE_RULE));
    }
    if file.base.chars().count() > 64 {
        return Err(invalid(at, "base is at most 64 characters."));
    }
    let Some(code) = file.code else {
        return Err(invalid(
            at,
            "code must be given: the file's code, or null when the file was reset.",
        ));
    };
    if let Some(code) = &code {
        fits(code, &file.file)?;
    }
    let other = match file.other {
        None => OtherChange::Keep,
        Some(None) => OtherChange::Clear,
        Some(Some(other)) => {
            fits(&other.code, &file.file)?;
            OtherChange::Set(OtherVersion {
                code: other.code,
                edited_at: time(other.edited_at, at, "other.editedAt", now)?,
            })
        }
    };
    Ok(FileWrite {
        edited_at: time(file.edited_at, at, "editedAt", now)?,
        lesson: file.lesson,
        demo: file.demo,
        file: file.file,
        code,
        base: file.base,
        other,
    })
}

const LESSON_RULE: &str =
    "a lesson name is 1 to 64 characters, each a lowercase letter, a digit or a dash.";
const FILE_RULE: &str = "a file name is 1 to 100 characters, without control characters.";

fn is_lesson_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn is_plain_name(name: &str, max_chars: usize) -> bool {
    (1..=max_chars).contains(&name.chars().count()) && !name.chars().any(char::is_control)
}

fn at_most(count: usize, what: &str) -> Result<(), ProgressError> {
    if count > MAX_ITEMS {
        return Err(ProgressError::Invalid(format!(
            "Send at most {MAX_ITEMS} {what} at once."
        )));
    }
    Ok(())
}

fn fits(code: &str, file: &str) -> Result<(), ProgressError> {
    if code.len() > MAX_CODE_BYTES {
        return Err(ProgressError::TooLarge { file: file.into() });
    }
    Ok(())
}

/// A time in Unix milliseconds, no later than `now`.
fn time(value: i64, at: &str, field: &str, now: i64) -> Result<i64, ProgressError> {
    if value <= 0 {
        return Err(invalid(
            at,
            &format!("{field} must be a time in milliseconds since 1970."),
        ));
    }
    Ok(value.min(now))
}

fn invalid(at: &str, rule: &str) -> ProgressError {
    ProgressError::Invalid(format!("{at}: {rule}"))
}
