//! What a browser may keep in an account, and how the JSON it sends becomes a
//! [`ProgressWrite`].
//!
//! Names must be the tutorial's own (see [`super::tutorial`]), so that nothing else fills the
//! tables or a teacher's view; a pass must carry the code that passed; code is limited in
//! size, and the rows per account (see [`super::limits`]), so that an account stays small. No
//! text may hold a NUL character: PostgreSQL keeps none in text or JSON, and both backends
//! must take the same writes. Times in the future are taken as now (a browser whose clock runs
//! ahead must not pin its version over every later edit), and times before the account was
//! made as that moment (work done before signing up is merged at sign-up, but no pass of an
//! account is older than the account).

pub use super::input::WriteInput;
use super::{
    input::{FileInput, MarkInput, PassInput},
    limits::{ACCOUNT_BYTES, ACCOUNT_LIMITS, MAX_CODE_BYTES, MAX_ITEMS, MAX_PASS_FILES},
    tutorial::Tutorial,
};
use crate::store::{
    ChallengePass, FileWrite, LessonMark, OtherChange, OtherVersion, ProgressWrite,
};

#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    #[error("{0}")]
    Invalid(String),
    #[error(
        "{file} is too large to keep in your account: a saved file can be at most 20 KB. It is still kept in this browser."
    )]
    TooLarge { file: String },
    #[error(
        "Your account can keep at most {} edited files. Reset demos you no longer need, then try again.",
        ACCOUNT_LIMITS.files
    )]
    TooManyFiles,
    #[error(
        "Your account can keep at most {} challenge passes. Passes beyond that stay in this browser only.",
        ACCOUNT_LIMITS.passes
    )]
    TooManyPasses,
    #[error(
        "Your account can keep at most {} lesson marks. Marks beyond that stay in this browser only.",
        ACCOUNT_LIMITS.marks
    )]
    TooManyMarks,
    #[error(
        "Your account is full: it can keep at most {} MB of code and challenge work. This change is still kept in this browser. Reset demos you no longer need, then try again.",
        ACCOUNT_BYTES / (1024 * 1024)
    )]
    TooManyBytes,
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

/// What a save is checked against besides its own shape.
#[derive(Debug, Clone, Copy)]
pub struct SaveContext<'a> {
    pub now: i64,
    /// When the account saving was made.
    pub account_created_at: i64,
    pub tutorial: &'a Tutorial,
}

/// Checks a save and turns it into what the store applies; times after `now` become `now`,
/// and times before the account was made become that time.
pub fn parse_write(
    input: WriteInput,
    context: SaveContext<'_>,
) -> Result<ProgressWrite, ProgressError> {
    let now = context.now;
    at_most(input.lessons.len(), "lesson marks")?;
    at_most(input.passes.len(), "challenge passes")?;
    at_most(input.files.len(), "saved files")?;
    let lessons = input
        .lessons
        .into_iter()
        .enumerate()
        .map(|(n, mark)| parse_mark(mark, &format!("Lesson mark {}", n + 1), context))
        .collect::<Result<_, _>>()?;
    let passes = input
        .passes
        .into_iter()
        .enumerate()
        .map(|(n, pass)| parse_pass(pass, &format!("Challenge pass {}", n + 1), context))
        .collect::<Result<_, _>>()?;
    let files = input
        .files
        .into_iter()
        .enumerate()
        .map(|(n, file)| parse_file(file, &format!("Saved file {}", n + 1), context))
        .collect::<Result<_, _>>()?;
    Ok(ProgressWrite {
        merge: input.merge,
        received_at: now,
        lessons,
        passes,
        files,
    })
}

fn parse_mark(
    mark: MarkInput,
    at: &str,
    context: SaveContext<'_>,
) -> Result<LessonMark, ProgressError> {
    real_lesson(&mark.lesson, at, context.tutorial)?;
    let Some(done) = mark.done else {
        return Err(invalid(at, "done must be true or false."));
    };
    Ok(LessonMark {
        lesson: mark.lesson,
        done,
        changed_at: time(mark.changed_at, at, "changedAt", context)?,
    })
}

fn parse_pass(
    pass: PassInput,
    at: &str,
    context: SaveContext<'_>,
) -> Result<ChallengePass, ProgressError> {
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
    if !context.tutorial.has_challenge(&pass.challenge) {
        return Err(invalid(
            at,
            &format!("the tutorial has no challenge {:?}.", pass.challenge),
        ));
    }
    if pass.files.is_empty() {
        return Err(invalid(
            at,
            "a pass keeps the code that passed: its files cannot be left out.",
        ));
    }
    for (name, code) in &pass.files {
        if !is_plain_name(name, 100) {
            return Err(invalid(at, FILE_RULE));
        }
        if !context.tutorial.challenge_has_file(&pass.challenge, name) {
            return Err(invalid(
                at,
                &format!("the challenge {} has no file {name:?}.", pass.challenge),
            ));
        }
        fits(code, name)?;
        no_nul(code, at, &format!("the code of {name}"))?;
    }
    Ok(ChallengePass {
        challenge: pass.challenge,
        passed_at: time(pass.passed_at, at, "passedAt", context)?,
        files: pass.files,
    })
}

fn parse_file(
    file: FileInput,
    at: &str,
    context: SaveContext<'_>,
) -> Result<FileWrite, ProgressError> {
    real_lesson(&file.lesson, at, context.tutorial)?;
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
    no_nul(&file.base, at, "base")?;
    let Some(code) = file.code else {
        return Err(invalid(
            at,
            "code must be given: the file's code, or null when the file was reset.",
        ));
    };
    if let Some(code) = &code {
        fits(code, &file.file)?;
        no_nul(code, at, &format!("the code of {}", file.file))?;
    }
    let other = match file.other {
        None => OtherChange::Keep,
        Some(None) => OtherChange::Clear,
        Some(Some(other)) => {
            fits(&other.code, &file.file)?;
            no_nul(
                &other.code,
                at,
                &format!("the other version of {}", file.file),
            )?;
            OtherChange::Set(OtherVersion {
                code: other.code,
                edited_at: time(other.edited_at, at, "other.editedAt", context)?,
            })
        }
    };
    Ok(FileWrite {
        edited_at: time(file.edited_at, at, "editedAt", context)?,
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

/// A lesson name of the right shape that the tutorial has.
fn real_lesson(lesson: &str, at: &str, tutorial: &Tutorial) -> Result<(), ProgressError> {
    if !is_lesson_name(lesson) {
        return Err(invalid(at, LESSON_RULE));
    }
    if !tutorial.has_lesson(lesson) {
        return Err(invalid(
            at,
            &format!("the tutorial has no lesson {lesson:?}."),
        ));
    }
    Ok(())
}

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

fn no_nul(text: &str, at: &str, what: &str) -> Result<(), ProgressError> {
    if text.contains('\0') {
        return Err(invalid(
            at,
            &format!("{what} contains a NUL character (\\u0000), which cannot be saved."),
        ));
    }
    Ok(())
}

/// A time in Unix milliseconds, between the account's making and `now`.
fn time(value: i64, at: &str, field: &str, context: SaveContext<'_>) -> Result<i64, ProgressError> {
    if value <= 0 {
        return Err(invalid(
            at,
            &format!("{field} must be a time in milliseconds since 1970."),
        ));
    }
    let earliest = context.account_created_at.min(context.now);
    Ok(value.min(context.now).max(earliest))
}

fn invalid(at: &str, rule: &str) -> ProgressError {
    ProgressError::Invalid(format!("{at}: {rule}"))
}
