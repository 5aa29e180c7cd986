//! An editor's uploads: checked by their bytes (see [`crate::content::files::check`]) on a thread of
//! their own, kept with every copy under a content-hashed address, counted against the site's
//! budget, and recorded in the audit log.

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::content::error::ContentError;
use crate::content::files::check;
use crate::{
    config::UploadSettings,
    roles::actor::StaffActor,
    store::{
        AuditAction, Author, CopyRow, FileAdded, FileRow, NewCopy, NewFile, SharedStore, now_millis,
    },
    text,
};

/// Files one item (a notice, a course, an item of the disclosure) may carry.
pub const MAX_FILES_PER_ITEM: i64 = 20;
/// The longest file name kept (the link's words).
const NAME_MAX_CHARS: usize = 120;
/// Where the files are served.
pub const FILES_PATH: &str = "/files";

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CopyBody {
    path: String,
    content_type: String,
    width: Option<i64>,
    height: Option<i64>,
    bytes: i64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FileBody {
    id: i64,
    name: String,
    created_at: i64,
    uploaded_by: String,
    bytes: i64,
    /// Smallest first; one for a PDF.
    copies: Vec<CopyBody>,
}

/// The item's files as the staff area shows them.
pub fn bodies(files: Vec<FileRow>, copies: &[CopyRow]) -> Vec<FileBody> {
    files
        .into_iter()
        .map(|file| FileBody {
            copies: copies
                .iter()
                .filter(|copy| copy.file_id == file.id)
                .map(|copy| CopyBody {
                    path: format!("{FILES_PATH}/{}", copy.key),
                    content_type: copy.content_type.clone(),
                    width: copy.width,
                    height: copy.height,
                    bytes: copy.size,
                })
                .collect(),
            uploaded_by: file.author_name.unwrap_or(file.author_email),
            id: file.id,
            name: file.name,
            created_at: file.created_at,
            bytes: file.bytes,
        })
        .collect()
}

/// The name to keep: its last part only (no folders), no control characters nor characters
/// that turn text around, trimmed and bounded, ending in `.{extension}` (what the bytes are,
/// whatever the editor's name said: `Admission form.hta` is kept as `Admission form.pdf`);
/// "file" when nothing is left. Unicode (a Gujarati name) is kept as it is.
pub fn clean_name(raw: &str, extension: &str) -> String {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let name: String = last
        .chars()
        .filter(|c| !c.is_control() && !text::is_bidi_control(*c))
        .take(NAME_MAX_CHARS)
        .collect();
    let mut stem = name.trim();
    // The editor's own extension goes (one at most: `fees.pdf.hta` keeps `fees.pdf`).
    if let Some((before, after)) = stem.rsplit_once('.')
        && (1..=8).contains(&after.len())
        && after.chars().all(|c| c.is_ascii_alphanumeric())
    {
        stem = before.trim_end();
    }
    let stem = stem.trim_end_matches('.').trim();
    let stem = if stem.is_empty() { "file" } else { stem };
    let dotted = format!(".{extension}");
    let already = stem.len() >= dotted.len()
        && stem.is_char_boundary(stem.len() - dotted.len())
        && stem[stem.len() - dotted.len()..].eq_ignore_ascii_case(&dotted);
    if already {
        stem.to_owned()
    } else {
        format!("{stem}{dotted}")
    }
}

pub fn extension(content_type: &str) -> &'static str {
    match content_type {
        "application/pdf" => "pdf",
        "image/png" => "png",
        "image/webp" => "webp",
        _ => "jpg",
    }
}

/// The item whose files an address names: its id, how the audit log names it (`notice 12
/// "Exam timetable"`), and what to say when it is gone.
#[derive(Debug)]
pub struct FileOwner {
    pub id: i64,
    pub described: String,
    pub unknown: fn() -> ContentError,
}

pub async fn upload(
    store: &SharedStore,
    actor: &StaffActor,
    owner: &FileOwner,
    name: &str,
    bytes: axum::body::Bytes,
    settings: UploadSettings,
) -> Result<i64, ContentError> {
    let checked = check::in_turn(move || check::check(&bytes)).await?;
    let copies: Vec<NewCopy> = checked
        .into_iter()
        .map(|variant| {
            let hash = format!("{:x}", Sha256::digest(&variant.bytes));
            let width = variant.width.map(|w| format!("-{w}")).unwrap_or_default();
            NewCopy {
                tail: format!("{}{width}.{}", &hash[..20], extension(variant.content_type)),
                content_type: variant.content_type,
                width: variant.width.map(i64::from),
                height: variant.height.map(i64::from),
                data: variant.bytes,
            }
        })
        .collect();
    // Named for what the bytes are: the kept copies' kind (a PDF, or the image's copies).
    let kind = copies
        .first()
        .map_or("pdf", |copy| extension(copy.content_type));
    let name = clean_name(name, kind);
    let author = Author {
        email: actor.email.to_lowercase(),
        name: actor.name.clone(),
    };
    let target = format!("\"{name}\" on {}", owner.described);
    let added = store
        .add_file(
            &NewFile {
                item_id: owner.id,
                name: &name,
                author: &author,
                now: now_millis(),
                copies: &copies,
            },
            MAX_FILES_PER_ITEM,
            settings.budget_bytes,
            &actor.entry(AuditAction::FileUploaded, None, target),
        )
        .await?;
    match added {
        FileAdded::Done(id) => Ok(id),
        FileAdded::UnknownItem => Err((owner.unknown)()),
        FileAdded::TooMany => Err(ContentError::TooManyFiles),
        FileAdded::OverBudget => Err(ContentError::FilesFull),
    }
}

pub async fn delete(
    store: &SharedStore,
    actor: &StaffActor,
    owner: &FileOwner,
    file_id: i64,
) -> Result<(), ContentError> {
    let (files, _) = store.files(owner.id).await?;
    let file = files
        .into_iter()
        .find(|file| file.id == file_id)
        .ok_or(ContentError::UnknownFile)?;
    let target = format!("\"{}\" on {}", file.name, owner.described);
    let entry = actor.entry(AuditAction::FileDeleted, None, target);
    if store.delete_file(owner.id, file_id, &entry).await? {
        Ok(())
    } else {
        Err(ContentError::UnknownFile)
    }
}

#[cfg(test)]
mod tests {
    use super::clean_name;

    #[test]
    fn a_name_ends_in_what_the_bytes_are_without_folders_or_tricks() {
        let cases = [
            ("Admission form.hta", "pdf", "Admission form.pdf"),
            ("fees.PDF", "pdf", "fees.pdf"),
            ("fees.pdf.html", "pdf", "fees.pdf"),
            (
                "C:\\Users\\office\\પરીક્ષા timetable.pdf",
                "pdf",
                "પરીક્ષા timetable.pdf",
            ),
            // A right-to-left override would show "Admission formfdp.exe" as "...exe.pdf".
            (
                "Admission form\u{202E}fdp.exe",
                "pdf",
                "Admission formfdp.pdf",
            ),
            ("campus photo.webp", "jpg", "campus photo.jpg"),
            ("B.Com. 2027 syllabus", "pdf", "B.Com. 2027 syllabus.pdf"),
            ("..", "pdf", "file.pdf"),
            ("", "png", "file.png"),
        ];
        for (raw, extension, kept) in cases {
            assert_eq!(clean_name(raw, extension), kept, "{raw}");
        }
    }
}
